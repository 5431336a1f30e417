"use client";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

// Monaco is the default editor; plain text areas are the fallback (no script, slow machines,
// and browser automation, which types reliably into a textarea). The choice is remembered.
const STORAGE_KEY = "specpath.plainEditors";
type TEditors = { plain: boolean; setPlain: (plain: boolean) => void; /** Where Monaco's own files are served (the studio's copy, no CDN). */ monacoBase: string };
const PlainEditors = createContext<TEditors>({ plain: true, setPlain: () => {}, monacoBase: "" });

export function PlainEditorsProvider({ children, monacoBase }: { children: ReactNode; monacoBase: string }) {
  const [plain, setPlainState] = useState(false);
  useEffect(() => setPlainState(window.localStorage.getItem(STORAGE_KEY) === "1"), []);
  const setPlain = (value: boolean) => {
    window.localStorage.setItem(STORAGE_KEY, value ? "1" : "0");
    setPlainState(value);
  };
  return <PlainEditors.Provider value={{ plain, setPlain, monacoBase }}>{children}</PlainEditors.Provider>;
}

export const usePlainEditors = () => useContext(PlainEditors);

export function PlainEditorsToggle() {
  const { plain, setPlain } = usePlainEditors();
  return (
    <label style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
      <input type="checkbox" checked={plain} onChange={(e) => setPlain(e.target.checked)} />
      Plain text editors (no Monaco)
    </label>
  );
}
