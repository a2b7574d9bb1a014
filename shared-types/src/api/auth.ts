import * as z from 'zod/mini';
import { MESSAGES } from '../registry/messages.js';

/** Body of `POST /api/auth/login`: the e-mail (or username) and password of a Cognito user. */
export const loginSchema = z.strictObject({
  email: z.string({ error: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(254, MESSAGES.tooLong)),
  password: z.string({ error: MESSAGES.required }).check(z.minLength(1, MESSAGES.required), z.maxLength(256, MESSAGES.tooLong)),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** What `GET /api/auth/profile` answers: the profile fields plus who the caller is and where. */
export interface ProfileView extends Record<string, unknown> {
  email: string;
  role: string;
  tenant: string;
  /** The campus's organization name, for the banner ('' until the organization is set up). */
  organization_name: string;
  /** Name of the user's department, for the banner ('' when none). */
  department_name: string;
}
