/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute URL of the external operator login page; '/operator/auth' when unset. */
  readonly VITE_OPERATOR_LOGIN_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
