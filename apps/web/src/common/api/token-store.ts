/** localStorage keys of the tokens the API client sends. */
export const ACCESS_TOKEN_STORAGE_KEY = 'candid.accessToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'candid.refreshToken';
export const CANDIDATE_TOKEN_STORAGE_KEY = 'candid.candidateToken';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Where the recruiter's tokens and the candidate's token are kept. */
export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  getCandidateToken(): string | null;
  setTokens(tokens: SessionTokens): void;
  setCandidateToken(token: string | null): void;
  /** Forgets the recruiter's session tokens (logout); the candidate token is not a session. */
  clearTokens(): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createStorageTokenStore(
  storage: KeyValueStorage = window.localStorage,
): TokenStore {
  return {
    getAccessToken: () => storage.getItem(ACCESS_TOKEN_STORAGE_KEY),
    getRefreshToken: () => storage.getItem(REFRESH_TOKEN_STORAGE_KEY),
    getCandidateToken: () => storage.getItem(CANDIDATE_TOKEN_STORAGE_KEY),
    setTokens({ accessToken, refreshToken }) {
      storage.setItem(ACCESS_TOKEN_STORAGE_KEY, accessToken);
      storage.setItem(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
    },
    setCandidateToken(token) {
      if (token === null) storage.removeItem(CANDIDATE_TOKEN_STORAGE_KEY);
      else storage.setItem(CANDIDATE_TOKEN_STORAGE_KEY, token);
    },
    clearTokens() {
      storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
      storage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
    },
  };
}
