import type { AuthUser } from '@kartlink/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredUser } from './stored-user';

/** The signed-in person, as the server describes them. */
export type SessionUser = AuthUser;

/**
 * `restoring`: the page just loaded and the refresh cookie is being tried; protected pages
 * wait. `signedIn` may come without an access token when the server could not be reached and
 * the stored profile stands in until it can.
 */
type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Kept in memory only, never in storage. */
  accessToken: string | null;
  /** When the access token expires, in ms since the epoch. */
  expiresAt: number | null;
}

const signedOutState: AuthState = {
  status: 'signedOut',
  user: null,
  accessToken: null,
  expiresAt: null,
};

// Only a browser that signed in before has a session worth restoring: anonymous visitors of
// public shops make no refresh call.
const initialState = (): AuthState =>
  readStoredUser() ? { ...signedOutState, status: 'restoring' } : signedOutState;

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn: (
      _state,
      action: PayloadAction<{ user: SessionUser; accessToken: string; expiresAt: number }>,
    ) => ({ status: 'signedIn', ...action.payload }),
    /** The server is out of reach: go on with the stored profile until it answers. */
    restoredOffline: (_state, action: PayloadAction<SessionUser>) => ({
      status: 'signedIn',
      user: action.payload,
      accessToken: null,
      expiresAt: null,
    }),
    userUpdated: (state, action: PayloadAction<SessionUser>) => {
      if (state.user) state.user = action.payload;
    },
    signedOut: () => signedOutState,
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectAccessToken: (state) => state.accessToken,
  },
});

export const { signedIn, restoredOffline, userUpdated, signedOut } = authSlice.actions;
export const { selectSessionStatus, selectCurrentUser, selectAccessToken } = authSlice.selectors;
