/**
 * What the page lends its deferred code (./deferred.ts): preact, whose hooks keep their state in it and whose diff
 * knows a Fragment by identity, and the modules that hold a context object (a copy would be another context, whose
 * consumers read its default). main.tsx lends them before anything can load the deferred code.
 */
import { Fragment } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { jsx, jsxs } from 'preact/jsx-runtime';
import { PersonTime } from './components/person-time';
import { SHARED_GLOBAL } from './deferred-globals';

/**
 * The modules the deferred bundle takes from this page, each with the names it imports: ./deferred-shared.json, by
 * which sidebar/build.mjs maps its imports to these, lists the same (test/sidebar/deferred.test.ts compares them).
 */
export const SHARED_MODULES = {
  preact: { Fragment },
  'preact/hooks': { useEffect, useLayoutEffect, useMemo, useRef, useState },
  'preact/jsx-runtime': { Fragment, jsx, jsxs },
  './components/person-time': { PersonTime },
};

declare global {
  interface Window {
    [SHARED_GLOBAL]?: typeof SHARED_MODULES;
  }
}

export function lendSharedModules(): void {
  window[SHARED_GLOBAL] = SHARED_MODULES;
}
