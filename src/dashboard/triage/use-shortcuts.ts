"use client";
// Single-key shortcuts for the whole page, ignored while a person types (inputs, text
// areas, selects, editable content) or when Ctrl, Alt or Meta is held (browser shortcuts
// win). Shift gives the capital key ("A" for Shift+A). Enter on a focused button or link
// is that control's own.
import { useEffect, useRef } from "react";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A ticked checkbox keeps focus but takes no letters.
  if (target instanceof HTMLInputElement && ["checkbox", "radio"].includes(target.type)) return target.closest("[role=dialog]") !== null;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("[role=dialog]") !== null;
}

export function useShortcuts(handlers: Record<string, () => void>): void {
  // The latest handlers, without re-binding the listener on every render.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTyping(event.target)) return;
      if (event.key === "Enter" && event.target instanceof HTMLElement && event.target.closest("button, a, summary")) return;
      const handler = current.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
