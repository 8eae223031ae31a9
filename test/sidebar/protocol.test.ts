/**
 * The session the server writes into the sidebar page is read back exactly, and nothing in it can end the script
 * element.
 */
import { sessionFromPage, sessionScript } from '../../sidebar/src/protocol';

test('a page with the session script gives the session back', () => {
  const token = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const page = `<html><body><p>sidebar</p></body></html>${sessionScript({ token })}`;
  expect(sessionFromPage(page)).toEqual({ token: '0f8fad5b-d9cb-469f-a165-70867728950e' });
});

test('a value holding </script> stays inside the element and reads back unchanged', () => {
  const script = sessionScript({ token: '</script><script>alert(1)</script>' });
  expect(script.match(/<\/script>/g)).toHaveLength(1);
  expect(sessionFromPage(script)).toEqual({ token: '</script><script>alert(1)</script>' });
});

test('a page without one gives null', () => {
  expect(sessionFromPage('<html></html>')).toBeNull();
});
