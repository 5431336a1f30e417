"use client";
import { useSyncExternalStore, type ComponentPropsWithoutRef } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and during hydration, true once the page's scripts run. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/**
 * The studio's form: its handler runs only once the page's scripts have loaded, so until then
 * its fields and buttons are disabled (one fieldset that does not change the layout). Without
 * this, a click on a form the server sent would submit it natively — a GET of the same page —
 * and lose what was typed.
 */
export function Form({ children, ...props }: ComponentPropsWithoutRef<"form">) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} style={{ display: "contents" }}>
        {children}
      </fieldset>
    </form>
  );
}
