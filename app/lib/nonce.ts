// The document's CSP nonce, from entry.server to the root layout's <Scripts> and <ScrollRestoration>.
// Client-safe: the browser has no provider and reads undefined. That is what it should render: browsers
// hide a nonce attribute from the DOM once the policy applied, and React's hydration check does not look
// at those script tags (Remix renders them with suppressHydrationWarning), so no mismatch is reported.
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** This document's nonce while rendering on the server; undefined in the browser. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
