import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in person, as the auth feature will fill it in. */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string | null;
}

export interface AuthState {
  user: SessionUser | null;
  accessToken: string | null;
}

const initialState: AuthState = { user: null, accessToken: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<{ user: SessionUser; accessToken: string }>) =>
      action.payload,
    signedOut: () => initialState,
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectAccessToken: (state) => state.accessToken,
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const { selectCurrentUser, selectAccessToken } = authSlice.selectors;
