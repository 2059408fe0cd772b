"use client";
// Single-key shortcuts for the whole page, ignored while a person types (inputs, text
// areas, selects, editable content), while focus is anywhere in a form or dialog (its
// buttons included: a "c" on the Reject form's button must not switch forms, and the rest of
// the typing must not land in another one), or when Ctrl, Alt or Meta is held (browser shortcuts
// win). Shift gives the capital key ("A" for Shift+A). Enter on a focused button or link
// is that control's own.
import { useEffect, useRef } from "react";

/** Focus is in a form or a dialog: every key there is the form's own (Esc included: the forms cancel on it). */
const FORM_SCOPE = "form, [role=form], [role=dialog], [role=alertdialog]";

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(FORM_SCOPE) !== null) return true;
  // A ticked checkbox on a card keeps focus but takes no letters.
  if (target instanceof HTMLInputElement && ["checkbox", "radio"].includes(target.type)) return false;
  return (target instanceof HTMLElement && target.isContentEditable) || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
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
