"use client";
// How turn texts are edited on this page: Monaco (served by the studio's one asset
// route, never a CDN) or, when the curator prefers it, plain text areas.
import { createContext, useContext } from "react";

export type TEditorSettings = { plain: boolean; monacoBase: string };

export const EditorSettings = createContext<TEditorSettings>({ plain: true, monacoBase: "" });

export const useEditorSettings = () => useContext(EditorSettings);
