// What the boards share: the shell's element builders with children flattened and empty ones
// dropped (a board writes `cond && h(...)` freely), whatever the shell's own helper does.

export function helpers(ctx) {
  const clean = (kids) => kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false)
    .map((k) => (typeof k === "number" ? String(k) : k));
  return {
    h: (tag, attrs, ...kids) => ctx.h(tag, attrs || {}, ...clean(kids)),
    svg: (tag, attrs, ...kids) => ctx.svg(tag, attrs || {}, ...clean(kids)),
  };
}
