/** What a person does when the web app was never deployed (./web-app-url.ts, ./web-app-about.ts). */
export const DEPLOY = 'whoever set Sheet Plan up for this sheet runs npm run deploy once (see the README, Deploy)';
