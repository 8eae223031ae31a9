/** PropertiesService: the document's store, kept in the spreadsheet model, with Google's limits. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn, thrownMessage } from './helpers';

const documentProperties = (spreadsheet: EmulatedSpreadsheet) =>
  executionOn(spreadsheet).PropertiesService.getDocumentProperties()!;

test('values are stored as strings and outlive the execution', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  documentProperties(spreadsheet).setProperty('count', 3).setProperty('flag', true);
  const properties = documentProperties(spreadsheet);
  expect([properties.getProperty('count'), properties.getProperty('flag')]).toEqual(['3', 'true']);
  expect(properties.getProperty('missing')).toBeNull();
});

test('a script that is not container-bound has no document properties', () => {
  expect(
    executionOn(new EmulatedSpreadsheet(), { containerBound: false }).PropertiesService.getDocumentProperties(),
  ).toBeNull();
});

test('a value over 9 KB is refused (key and value count) and the old one stays', () => {
  const properties = documentProperties(new EmulatedSpreadsheet());
  properties.setProperty('k', 'v'.repeat(8_999));
  expect(thrownMessage(() => properties.setProperty('k', 'v'.repeat(9_000)))).toBe('Argument too large: value');
  expect(properties.getProperty('k')).toHaveLength(8_999);
});

test('a store over 500 KB is refused and keeps what it had', () => {
  const properties = documentProperties(new EmulatedSpreadsheet());
  for (let index = 0; index < 62; index++) properties.setProperty(`key${index}`, 'x'.repeat(8_000));
  expect(thrownMessage(() => properties.setProperty('one-more', 'x'.repeat(8_000)))).toBe(
    'You have exceeded the property storage quota. Please remove some properties and try again.',
  );
  expect(properties.getProperty('one-more')).toBeNull();
  expect(properties.getProperty('key61')).toHaveLength(8_000);
});

test('deleteProperty removes a key, and does nothing for a key that is not there', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  const properties = documentProperties(spreadsheet);
  properties.setProperty('settings', '{}');
  properties.deleteProperty('settings').deleteProperty('never-set');
  expect(documentProperties(spreadsheet).getProperty('settings')).toBeNull();
});

test('script properties are one store for every execution, web app and scripts.run included', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  executionOn(spreadsheet, { context: 'ui' }).PropertiesService.getScriptProperties().setProperty('shared', 'yes');
  const elsewhere = executionOn(spreadsheet, { context: 'api', containerBound: false }).PropertiesService;
  expect(elsewhere.getScriptProperties().getProperty('shared')).toBe('yes');
  expect(documentProperties(spreadsheet).getProperty('shared')).toBeNull();
});
