/**
 * Google's OAuth2 client, as @googleapis/script itself exports it (its `auth.OAuth2`): a PlanClient's
 * credentials, with no second copy of google-auth-library to keep in step.
 */
import { auth } from '@googleapis/script';

export const OAuth2Client: typeof auth.OAuth2 = auth.OAuth2;
export type OAuth2Client = InstanceType<typeof auth.OAuth2>;
