import { comparePassword } from '../documents/password-hash.js';

/** A hash made once at this cost, compared against when the user is unknown so both paths take as long. */
const DECOY = '$2b$10$ErqIzetZarE3T6YzkZzhX.XCYQbCOayFGfwa6Iz7YC9byyyGb801q';

/** Whether the password matches the hash; with no hash, spends the same time and says no. */
export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash === null) {
    await comparePassword(password, DECOY);
    return false;
  }
  return comparePassword(password, hash);
}
