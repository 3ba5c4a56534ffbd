// Copying a link to the clipboard, with a button that says it did.

import { h } from "./dom.js";

/** Copy text, with the old way for pages that are not a secure context. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (err) {
    const area = h("textarea", { readonly: true, class: "offscreen" });
    area.value = text;
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (e) {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** A "Copy" button for `text` (`label`: its words, "Copy" unless told; `aria` names what
 *  it copies for a screen reader). */
export function copyButton(text, testid, label = "Copy", aria = null) {
  const button = h("button", { type: "button", class: "copy", "data-testid": testid, "aria-label": aria }, label);
  button.addEventListener("click", async () => {
    const ok = await copyText(text);
    button.textContent = ok ? "Copied ✓" : "Select and copy the link";
    setTimeout(() => { button.textContent = label; }, 2000);
  });
  return button;
}
