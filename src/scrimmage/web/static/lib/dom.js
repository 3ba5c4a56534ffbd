// A tiny DOM helper: h("button", {class: "x", onclick: f, "data-testid": "undo"}, "Undo").
// The same helper is handed to every board as ctx.h / ctx.svg.

const SVG_NS = "http://www.w3.org/2000/svg";

// Set as properties, not attributes, so a re-rendered form control shows the given state.
const PROPERTIES = new Set(["value", "checked", "disabled", "selected", "indeterminate"]);

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) {
      if (PROPERTIES.has(key)) element[key] = false;
      continue;
    }
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (PROPERTIES.has(key) && !(element instanceof SVGElement)) {
      element[key] = value;
    } else if (key === "style") {
      // Through the CSSOM: the page's Content-Security-Policy blocks style attributes.
      element.style.cssText = String(value);
    } else if (key === "class" && Array.isArray(value)) {
      element.setAttribute("class", value.filter(Boolean).join(" "));
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Append children: nodes, strings, numbers, nested arrays; null/false/undefined are skipped. */
export function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else if (child instanceof Node) element.appendChild(child);
    else element.appendChild(document.createTextNode(String(child)));
  }
  return element;
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Empty an element and fill it again. */
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}
