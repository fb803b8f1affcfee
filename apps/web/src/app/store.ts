import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { authSlice } from '../lib/auth-slice';

const rootReducer = combineReducers({
  [authSlice.reducerPath]: authSlice.reducer,
  [api.reducerPath]: api.reducer,
});

type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
