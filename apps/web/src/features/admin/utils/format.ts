import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** "28 Nov 2026, 10:00 am" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "28 Nov 2026" */
export const formatDate = (iso: string) => date.format(new Date(iso));

/** What a failed call says to the admin. */
export const failureMessage = (error: unknown) =>
  userFacingMessage(httpStatusOf(error), serverMessageOf(error));
