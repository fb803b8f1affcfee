import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { authSlice, type AuthState } from '../lib/auth-slice';
import { removeStoredUser, writeStoredUser } from '../lib/stored-user';

const rootReducer = combineReducers({
  [authSlice.reducerPath]: authSlice.reducer,
  [api.reducerPath]: api.reducer,
});

type RootState = ReturnType<typeof rootReducer>;

/** Keeps 'auth-user' in local storage in step with the session, whoever changed it. */
function storeUserOnChange(getAuth: () => AuthState, subscribe: (listener: () => void) => void) {
  let last = getAuth();
  subscribe(() => {
    const auth = getAuth();
    if (auth.user === last.user && auth.status === last.status) return;
    last = auth;
    if (auth.status === 'signedIn' && auth.user) writeStoredUser(auth.user);
    else if (auth.status === 'signedOut') removeStoredUser();
  });
}

export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  storeUserOnChange(() => store.getState().auth, store.subscribe);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
