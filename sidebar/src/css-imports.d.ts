/**
 * The sidebar's stylesheets are imported for their effect: esbuild gathers them into the page's one `<style>`
 * (sidebar/build.mjs). They export nothing; this says the imports are meant.
 */
declare module '*.css';
