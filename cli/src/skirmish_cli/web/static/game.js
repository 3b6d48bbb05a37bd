// The game page: the table (zoom, pan, pieces, tape, shading), the decision, odds, the log and time travel.
// Everything comes from the server's JSON; the page never decides what is legal (the engine does).
import { api, el, valueText } from "./common.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const key = new URLSearchParams(location.search).get("key") || "";
const base = `/api/games/${encodeURIComponent(gameId)}`;
const q = (extra = "") => `?key=${encodeURIComponent(key)}${extra}`;

const S = {
  snap: null, events: [], logLength: 0, epoch: null, version: -1, glossary: null,
  view: null, // the viewBox shown: [x, y, w, h]
  full: null, // the picture's own viewBox
  travel: null, // the moment shown when travelling back
  selected: null, typed: "", tape: false, refreshing: false, again: false, lastViewer: undefined,
  previewTimer: 0, previewFor: "", pointField: null,
};

// -- the table ------------------------------------------------------------------------------------

function board() { return document.getElementById("board"); }
function svgRoot() { return board().querySelector("svg"); }

function showPicture(presentation, { keepView = true } = {}) {
  const box = board();
  document.getElementById("toolbar").hidden = !(presentation && presentation.svg);  // nothing to zoom or measure
  if (!presentation || !presentation.svg) {
    box.replaceChildren(el("pre", { class: "muted", text: (presentation && presentation.brief) || "(this game draws no picture)" }));
    S.full = S.view = null;
    return;
  }
  const holder = document.createElement("div");
  holder.innerHTML = presentation.svg;  // the ruleset's own drawing (escaped by the presentation helpers)
  const svg = holder.querySelector("svg");
  if (!svg) { box.replaceChildren(el("p", { class: "error", text: "the picture is not SVG" })); return; }
  for (const bad of svg.querySelectorAll("script, foreignObject")) bad.remove();
  svg.setAttribute("data-role", "table");
  let vb = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || vb.some((v) => !Number.isFinite(v))) {
    vb = [0, 0, parseFloat(svg.getAttribute("width")) || 800, parseFloat(svg.getAttribute("height")) || 600];
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMin meet");  // at the top of a tall panel, the room below it
  const sameFrame = keepView && S.full && S.full.join() === vb.join() && S.view;
  S.full = vb;
  if (!sameFrame) S.view = [...vb];
  svg.setAttribute("viewBox", S.view.join(" "));
  svg.append(svgEl("g", { id: "overlay", "pointer-events": "none" }));
  box.replaceChildren(svg);
  if (S.selected) markSelected(S.selected, false);
}

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function overlay() { return svgRoot() && svgRoot().querySelector("#overlay"); }

function setView(view) {
  S.view = view;
  const svg = svgRoot();
  if (svg) svg.setAttribute("viewBox", view.map((v) => v.toFixed(2)).join(" "));
}

function zoom(factor, cx, cy) {
  if (!S.view) return;
  const [x, y, w, h] = S.view;
  const nw = Math.min(Math.max(w * factor, S.full[2] / 12), S.full[2] * 1.5);
  const nh = nw * (h / w);
  const px = cx === undefined ? x + w / 2 : cx;
  const py = cy === undefined ? y + h / 2 : cy;
  setView([px - (px - x) * (nw / w), py - (py - y) * (nh / h), nw, nh]);
}

/** Picture coordinates of a pointer event. */
function toPicture(event) {
  const svg = svgRoot();
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const m = svg.getScreenCTM();
  return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
}

function frame() { const s = current(); return s && s.presentation && s.presentation.frame; }

function toTable(p) {
  const f = frame();
  if (!f) return null;
  const x = (p.x - f.origin_x) / f.scale;
  const y = f.y_up ? (f.origin_y - p.y) / f.scale : (p.y - f.origin_y) / f.scale;
  return { x, y };
}

function fromTable(x, y) {
  const f = frame();
  return { x: f.origin_x + x * f.scale, y: f.y_up ? f.origin_y - y * f.scale : f.origin_y + y * f.scale };
}

function pieceAt(target) { const g = target && target.closest && target.closest("[data-piece]"); return g ? g.getAttribute("data-piece") : null; }
function placeAt(target) { const g = target && target.closest && target.closest("[data-place]"); return g ? g.getAttribute("data-place") : null; }

function current() { return S.travel || S.snap; }

function findPiece(id) {
  const s = current();
  return s && s.presentation && (s.presentation.pieces || []).find((p) => p.id === id);
}

function drawShape(shape, attrs) {
  const f = frame();
  if (!f || !shape || !shape.length) return null;
  if (shape[0] === "circle") {
    const c = fromTable(shape[1], shape[2]);
    return svgEl("circle", { cx: c.x, cy: c.y, r: shape[3] * f.scale, ...attrs });
  }
  if (shape[0] === "polygon") {
    const pts = [];
    for (let i = 1; i + 1 < shape.length; i += 2) { const p = fromTable(shape[i], shape[i + 1]); pts.push(`${p.x},${p.y}`); }
    return svgEl("polygon", { points: pts.join(" "), ...attrs });
  }
  if (shape[0] === "rect") {
    const [, x, y, w, d, facing] = shape;
    const a = (facing * Math.PI) / 180;
    const fx = Math.cos(a), fy = Math.sin(a), rx = Math.sin(a), ry = -Math.cos(a);
    const corners = [[d / 2, -w / 2], [d / 2, w / 2], [-d / 2, w / 2], [-d / 2, -w / 2]].map(([u, v]) =>
      fromTable(x + u * fx + v * rx, y + u * fy + v * ry));
    return svgEl("polygon", { points: corners.map((p) => `${p.x},${p.y}`).join(" "), ...attrs });
  }
  return null;
}

function clearMarks() {
  const svg = svgRoot();
  if (!svg) return;
  for (const n of svg.querySelectorAll(".selected, .target")) n.classList.remove("selected", "target");
  const o = overlay();
  if (o) for (const n of [...o.querySelectorAll(".shade")]) n.remove();
}

async function markSelected(id, fetchShades = true) {
  clearMarks();
  const svg = svgRoot();
  if (!svg || !id) return;
  for (const n of svg.querySelectorAll(`[data-piece="${CSS.escape(id)}"], [data-place="${CSS.escape(id)}"]`)) n.classList.add("selected");
  if (!fetchShades || S.travel || !S.snap || !S.snap.decision) return;
  let shades = [];
  try { shades = (await api(`${base}/shades${q(`&piece=${encodeURIComponent(id)}`)}`)).shades; } catch (err) { return; }
  for (const shade of shades) {
    for (const pid of shade.pieces) {
      for (const n of svg.querySelectorAll(`[data-piece="${CSS.escape(pid)}"], [data-place="${CSS.escape(pid)}"]`)) n.classList.add("target");
    }
    const area = drawShape(shade.shape, { class: "shade", fill: shade.kind === "see" ? "#3a7bd5" : "#0a7", "fill-opacity": 0.12,
      stroke: "#0a7", "stroke-dasharray": "6 4" });
    if (area && overlay()) overlay().prepend(area);
  }
}

function showPiece(id) {
  const box = document.getElementById("piece");
  const p = findPiece(id);
  if (!p) { box.hidden = true; return; }
  const rows = p.details.map(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })]).flat();
  if (p.side) rows.unshift(el("dt", { text: "side" }), el("dd", { text: p.side }));
  if (p.status.length) rows.push(el("dt", { text: "status" }), el("dd", { text: p.status.join(", ") }));
  const kws = el("p", {});
  const explained = el("div", {});
  for (const k of [...p.keywords, ...p.status]) {
    const text = glossaryText(k);
    if (!text) continue;
    if (kws.childNodes.length) kws.append(" · ");
    kws.append(el("span", { class: "kw", title: text, text: k }));
    explained.append(el("p", { class: "kwtext" }, el("b", { text: `${k}: ` }), text));
  }
  if (p.keywords.length && !kws.childNodes.length) kws.append(p.keywords.join(", "));
  box.replaceChildren(el("h3", { text: p.name }), el("dl", {}, rows), kws, explained);
  box.hidden = false;
}

function glossaryText(term) {
  if (!S.glossary) return "";
  const low = term.toLowerCase();
  for (const [k, v] of Object.entries(S.glossary)) if (k.toLowerCase() === low) return v;
  return "";
}

// pointer handling: hover, select, pan, tape, pointing at the table for a point or pose
let drag = null;

function onPointerDown(event) {
  const svg = svgRoot();
  if (!svg || event.button !== 0) return;
  const p = toPicture(event);
  if (S.tape) {
    drag = { kind: "tape", from: p, fromPiece: pieceAt(event.target), moved: false };
  } else if (S.pointField && frame() && !S.travel) {
    drag = { kind: "point", from: p, moved: false };
    setPoint(toTable(p), null);
  } else {
    drag = { kind: "pan", x: event.clientX, y: event.clientY, view: [...(S.view || [0, 0, 1, 1])], moved: false, target: event.target };
  }
  svg.setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  const svg = svgRoot();
  if (!svg) return;
  if (!drag) {
    const id = pieceAt(event.target) || placeAt(event.target);
    for (const n of svg.querySelectorAll(".hover")) n.classList.remove("hover");
    if (id) {
      const g = event.target.closest("[data-piece], [data-place]");
      g.classList.add("hover");
      showPiece(id);
    }
    return;
  }
  if (drag.kind === "pan") {
    const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    if (!drag.moved || !S.view) return;
    const scale = drag.view[2] / svg.clientWidth;
    setView([drag.view[0] - dx * scale, drag.view[1] - dy * scale, drag.view[2], drag.view[3]]);
  } else if (drag.kind === "tape") {
    drag.moved = true;
    const p = toPicture(event);
    const o = overlay();
    let line = o.querySelector("#tape-line");
    if (!line) { line = svgEl("line", { id: "tape-line", stroke: "#d00", "stroke-width": 2, "stroke-dasharray": "5 3" }); o.append(line); }
    line.setAttribute("x1", drag.from.x); line.setAttribute("y1", drag.from.y);
    line.setAttribute("x2", p.x); line.setAttribute("y2", p.y);
    const a = toTable(drag.from), b = toTable(p);
    if (a && b) document.getElementById("tape-result").textContent = `${Math.hypot(a.x - b.x, a.y - b.y).toFixed(1)}" (centre to centre while dragging)`;
  } else if (drag.kind === "point") {
    const p = toPicture(event);
    const dx = p.x - drag.from.x, dy = p.y - drag.from.y;
    if (Math.hypot(dx, dy) > 4) {
      drag.moved = true;
      const f = frame();
      let facing = (Math.atan2(f.y_up ? -dy : dy, dx) * 180) / Math.PI;
      if (facing < 0) facing += 360;
      setPoint(null, facing);
    }
  }
}

async function onPointerUp(event) {
  const svg = svgRoot();
  const d = drag;
  drag = null;
  if (!svg || !d) return;
  if (d.kind === "tape") {
    const p = toPicture(event);
    const under = document.elementFromPoint(event.clientX, event.clientY);  // the pointer is captured by the svg
    const toPiece = pieceAt(under);
    const a = d.fromPiece || pointText(toTable(d.from));
    const b = toPiece || pointText(toTable(p));
    if (!d.moved && !toPiece) return;
    try {
      const said = await api(`${base}/measure${q(`&a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`)}`);
      document.getElementById("tape-result").textContent = said.text;
    } catch (err) {
      document.getElementById("tape-result").textContent = err.message;
    }
    return;
  }
  if (d.kind === "pan" && !d.moved) {
    const id = pieceAt(d.target) || placeAt(d.target);
    S.selected = id;
    if (id) { markSelected(id); showPiece(id); filterOptions(id); } else { clearMarks(); filterOptions(null); }
  }
}

function pointText(p) { return p ? `${p.x.toFixed(2)},${p.y.toFixed(2)}` : "0,0"; }

function setupBoard() {
  const box = board();
  box.addEventListener("pointerdown", onPointerDown);
  box.addEventListener("pointermove", onPointerMove);
  box.addEventListener("pointerup", onPointerUp);
  box.addEventListener("wheel", (event) => {
    if (!svgRoot()) return;
    event.preventDefault();
    const p = toPicture(event);
    zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }, { passive: false });
  document.getElementById("zoom-in").addEventListener("click", () => zoom(1 / 1.3));
  document.getElementById("zoom-out").addEventListener("click", () => zoom(1.3));
  document.getElementById("zoom-fit").addEventListener("click", () => S.full && setView([...S.full]));
  document.getElementById("tape").addEventListener("click", toggleTape);
}

function toggleTape() {
  S.tape = !S.tape;
  const button = document.getElementById("tape");
  button.setAttribute("aria-pressed", String(S.tape));
  board().classList.toggle("measuring", S.tape);
  document.getElementById("tape-result").textContent = S.tape
    ? (frame() ? "drag from a piece or point to another" : "this game is played on a board: nothing to measure") : "";
  if (!S.tape && overlay()) { const line = overlay().querySelector("#tape-line"); if (line) line.remove(); }
}

// -- the decision -----------------------------------------------------------------------------------

function drawDecision() {
  const snap = S.snap;
  const prompt = document.getElementById("prompt");
  const area = document.getElementById("answer-area");
  const refusal = document.getElementById("refusal");
  refusal.textContent = "";
  S.pointField = null;
  board().classList.remove("pointing");
  if (S.travel) { prompt.textContent = "Looking back: the table as it stood then (read-only)."; area.replaceChildren(); return; }
  if (snap.result) { prompt.textContent = "The game is over."; area.replaceChildren(); return; }
  const d = snap.decision;
  if (!d) {
    const who = snap.to_play ? `${snap.to_play} is playing…` : "…";
    prompt.textContent = snap.error ? "The game stopped." : who;
    area.replaceChildren();
    return;
  }
  const several = S.snap.seats.filter((s) => s.human).length > 1;
  prompt.textContent = (several && !d.prompt.startsWith(d.player) ? `${d.player}: ` : "") + screenText(d.prompt);
  if (d.options.length) drawOptions(d, area); else drawForm(d, area);
  S.typed = "";
}

function drawOptions(d, area) {
  const groups = new Map();
  for (const o of d.options) {
    const g = o.group || "";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(o);
  }
  const many = d.options.length > 12;
  const parts = [];
  if (many) {
    const filter = el("input", { id: "filter", type: "search", placeholder: `filter ${d.options.length} choices (type words)`, "aria-label": "filter the choices" });
    filter.addEventListener("input", () => filterOptions(null, filter.value));
    parts.push(filter);
  }
  // groups only help when some hold several choices (one piece's moves); single-choice groups read as a flat list
  const grouped = groups.size > 1 && groups.size < d.options.length;
  for (const [name, options] of grouped ? groups : new Map([["", d.options]])) {
    const list = el("div", { class: "options" }, options.map((o) => optionButton(o, grouped ? name : "")));
    if (grouped && name) {
      const title = groupTitle(name);
      parts.push(el("fieldset", { class: "group", "data-group": name }, el("legend", { text: title }), list));
    } else {
      parts.push(list);
    }
  }
  parts.push(el("p", { id: "preview-note" }));
  area.replaceChildren(...parts);
}

function groupTitle(name) {
  const p = findPiece(name);
  return p ? p.name : name;
}

/** A ruleset's text without its pointers to terminal commands ("; 'help Fireball' explains it",
 * "('help engage')"): here the ? panel holds the glossary. */
function screenText(text) {
  if (!text || !text.includes("'help")) return text;
  return text
    .replace(/\s*\('help [^']*'[^)]*\)/g, "")
    .replace(/;\s*'help [^']*'[^;]*/g, "")
    .replace(/;\s*'show'[^;]*/g, "")
    .trim();
}

function optionButton(o, group) {
  const label = group && o.label.startsWith(`${group}: `) ? o.label.slice(group.length + 2) : o.label;
  const help = screenText(o.help);
  const button = el("button", { type: "button", "data-value": valueText(o.value), "data-n": o.n, title: help || null },
    el("span", { class: "n", text: `${o.n}.` }),
    el("span", {}, label, help ? el("span", { class: "help", text: help }) : null));
  button.addEventListener("click", () => give(o.value, button));
  button.addEventListener("mouseenter", () => previewSoon(o.value));
  button.addEventListener("focus", () => previewSoon(o.value));
  button.addEventListener("mouseleave", () => clearGhost());
  button._option = o;
  return button;
}

/** Show only the options that name ``id`` (a clicked piece or place), or that hold the typed words. */
function filterOptions(id, words) {
  const area = document.getElementById("answer-area");
  const buttons = [...area.querySelectorAll("button[data-value]")];
  if (!buttons.length) return;
  const terms = (words || "").toLowerCase().split(/\s+/).filter(Boolean);
  for (const b of buttons) {
    const o = b._option;
    const mentions = id && (valueText(o.value) === id || Object.values(o.data).some((v) => v === id || (Array.isArray(v) && v.includes(id))) || o.group === id);
    const hay = `${o.label} ${o.help} ${o.group}`.toLowerCase();
    const shown = terms.length ? terms.every((t) => hay.includes(t)) : true;
    b.hidden = !shown;
    b.classList.toggle("match", Boolean(mentions));
  }
  for (const g of area.querySelectorAll(".group")) g.hidden = ![...g.querySelectorAll("button[data-value]")].some((b) => !b.hidden);
  const first = buttons.find((b) => b.classList.contains("match"));
  if (first) first.scrollIntoView({ block: "nearest" });
}

function drawForm(d, area) {
  const fields = [];
  const values = d.prefill && typeof d.prefill === "object" && !Array.isArray(d.prefill) ? d.prefill : {};
  for (const p of d.params) fields.push(field(p, values[p.name]));
  const submit = el("button", { type: "submit", "data-role": "submit", text: "Answer" });
  const form = el("form", { id: "answer-form", novalidate: true }, fields, submit, el("p", { id: "preview-note" }));
  form.addEventListener("submit", (event) => { event.preventDefault(); give(readForm(d), submit); });
  form.addEventListener("input", () => previewSoon(readForm(d)));
  area.replaceChildren(form);
  let pointing = d.params.find((p) => p.kind === "point" || p.kind === "pose");
  const numeric = (name) => d.params.find((p) => p.name === name && (p.kind === "float" || p.kind === "int"));
  if (!pointing && numeric("x") && numeric("y")) pointing = { kind: "xy", name: "", step: numeric("x").step };
  if (pointing && frame()) {  // a spot on the table: click it (a point, a pose, or two fields named x and y)
    S.pointField = pointing;
    board().classList.add("pointing");
    if (pointing.kind === "xy") area.prepend(el("p", { class: "hint small muted", text: "click the table for the spot" }));
  }
  previewSoon(readForm(d));
}

function numberInput(name, value, attrs = {}) {
  return el("input", { type: "number", name, value: value ?? "", step: "any", ...attrs });
}

function field(p, value) {
  const hint = el("span", { class: "hint", text: [p.help, p.describe].filter(Boolean).join(" — ") });
  if (p.kind === "int" || p.kind === "float") {
    return el("label", { class: "field" }, `${p.name} `, numberInput(p.name, value ?? p.low, { min: p.low, max: p.high, step: p.kind === "int" ? 1 : p.step }), hint);
  }
  if (p.kind === "bool") {
    return el("label", { class: "field" }, el("input", { type: "checkbox", name: p.name, checked: Boolean(value) }), ` ${p.name}`, hint);
  }
  if (p.kind === "choice") {
    const s = el("select", { name: p.name }, p.choices.map((c) => el("option", { value: valueText(c), text: String(c) })));
    if (value !== undefined) s.value = valueText(value);
    return el("label", { class: "field" }, `${p.name} `, s, hint);
  }
  if (p.kind === "subset") {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    return el("fieldset", { class: "field", "data-subset": p.name }, el("legend", { text: p.name }),
      el("div", { class: "checks" }, p.choices.map((c) => el("label", {}, el("input", { type: "checkbox", value: String(c), checked: chosen.includes(String(c)) }), ` ${c}`))), hint);
  }
  if (p.kind === "assign") {
    const given = value && typeof value === "object" ? value : {};
    return el("fieldset", { class: "field", "data-assign": p.name }, el("legend", { text: `${p.name}: ${p.total} to share` }),
      p.choices.map((c) => el("label", { class: "field" }, `${c} `, numberInput(`${p.name}:${c}`, given[c] ?? 0, { min: 0, max: p.high || null, step: 1, "data-choice": String(c) }))), hint);
  }
  // point or pose
  const v = value && typeof value === "object" ? value : {};
  const parts = [`${p.name}: x `, numberInput(`${p.name}.x`, v.x, { step: p.step }), " y ", numberInput(`${p.name}.y`, v.y, { step: p.step })];
  if (p.kind === "pose") parts.push(" facing ", numberInput(`${p.name}.facing`, v.facing ?? 0, { step: 1, min: 0, max: 359 }));
  const how = p.kind === "pose" ? "click the table for the spot, drag to turn" : "click the table for the spot";
  return el("fieldset", { class: "field", "data-point": p.name }, ...parts, el("span", { class: "hint", text: `${how}. ${hint.textContent}` }));
}

function setPoint(pt, facing) {
  const p = S.pointField;
  if (!p) return;
  const form = document.getElementById("answer-form");
  if (!form) return;
  const round = (v) => Math.round(v / (p.step || 0.01)) * (p.step || 0.01);
  const prefix = p.kind === "xy" ? "" : `${p.name}.`;
  if (pt) {
    form.elements[`${prefix}x`].value = round(pt.x).toFixed(2);
    form.elements[`${prefix}y`].value = round(pt.y).toFixed(2);
  }
  if (facing !== null && p.kind === "pose") form.elements[`${p.name}.facing`].value = Math.round(facing);
  form.dispatchEvent(new Event("input"));
}

function readForm(d) {
  const form = document.getElementById("answer-form");
  const out = {};
  for (const p of d.params) {
    if (p.kind === "int" || p.kind === "float") out[p.name] = Number(form.elements[p.name].value);
    else if (p.kind === "bool") out[p.name] = form.elements[p.name].checked;
    else if (p.kind === "choice") {
      const raw = form.elements[p.name].value;
      out[p.name] = p.choices.find((c) => valueText(c) === raw) ?? raw;
    } else if (p.kind === "subset") {
      out[p.name] = [...form.querySelectorAll(`[data-subset="${CSS.escape(p.name)}"] input:checked`)].map((i) => p.choices.find((c) => String(c) === i.value) ?? i.value);
    } else if (p.kind === "assign") {
      const table = {};
      for (const i of form.querySelectorAll(`[data-assign="${CSS.escape(p.name)}"] input`)) table[i.dataset.choice] = Number(i.value || 0);
      out[p.name] = table;
    } else {
      const point = { x: Number(form.elements[`${p.name}.x`].value), y: Number(form.elements[`${p.name}.y`].value) };
      if (p.kind === "pose") point.facing = Number(form.elements[`${p.name}.facing`].value);
      out[p.name] = point;
    }
  }
  return out;
}

async function give(value, button) {
  const lost = button && button._option && button._option.data.confirm;
  if (typeof lost === "string" && lost && !confirm(`${lost}. Sure?`)) return;  // a choice that gives something up
  const refusal = document.getElementById("refusal");
  refusal.textContent = "";
  for (const b of document.querySelectorAll("#answer-area button")) b.disabled = true;
  if (button) button.classList.add("picked");
  setState("thinking");
  try {
    await api(`${base}/answer`, { key, version: S.snap.version, value });
    clearGhost();
  } catch (err) {
    refusal.textContent = err.message;
    for (const b of document.querySelectorAll("#answer-area button")) b.disabled = false;
    if (button) button.classList.remove("picked");
    setState(S.snap.state);
    if (err.status === 409) refresh();
    return;
  }
  refresh();
}

// -- previews: the ghost of what an answer would do ------------------------------------------------------

function previewSoon(value) {
  if (!S.snap || !S.snap.decision || S.travel) return;
  clearTimeout(S.previewTimer);
  S.previewTimer = setTimeout(() => preview(value), 180);
}

async function preview(value) {
  const text = JSON.stringify(value);
  S.previewFor = text;
  let said;
  try { said = await api(`${base}/preview`, { key, value }); } catch (err) { return; }
  if (S.previewFor !== text) return;  // another preview was asked meanwhile
  const note = document.getElementById("preview-note");
  const refusal = document.getElementById("refusal");
  if (!said.ok) {
    clearGhost();
    if (S.snap.decision && S.snap.decision.params.length) refusal.textContent = said.error;
    if (note) note.textContent = "";
    return;
  }
  refusal.textContent = "";
  drawGhost(said.presentation);
  if (note) note.textContent = said.events.length ? `would: ${said.events.slice(0, 4).join(" · ")}` : "";
}

/** Draw, faint and dashed, each piece whose footprint the answer would change. */
function drawGhost(presentation) {
  clearGhost();
  const o = overlay();
  const snapPieces = new Map(((S.snap.presentation || {}).pieces || []).map((p) => [p.id, JSON.stringify(p.shape)]));
  if (!o || !presentation || !presentation.svg) return;
  const moved = (presentation.pieces || []).filter((p) => p.shape.length && snapPieces.has(p.id) && snapPieces.get(p.id) !== JSON.stringify(p.shape));
  if (!moved.length) return;
  const holder = document.createElement("div");
  holder.innerHTML = presentation.svg;
  for (const p of moved) {
    const g = holder.querySelector(`[data-piece="${CSS.escape(p.id)}"]`);
    if (!g) continue;
    const copy = g.cloneNode(true);
    copy.removeAttribute("data-piece");
    copy.setAttribute("class", "ghost");
    for (const s of copy.querySelectorAll("script")) s.remove();
    o.append(copy);
  }
}

function clearGhost() {
  const o = overlay();
  if (o) for (const g of [...o.querySelectorAll(".ghost")]) g.remove();
}

// -- odds ----------------------------------------------------------------------------------------------

/** A table's caption: its title (numbered like the menu when the title names a choice), and its average. */
function oddsCaption(t, i) {
  return `${t.choice === null ? `${i + 1}. ` : ""}${t.title}${t.mean !== null ? ` (average ${t.mean.toFixed(2)})` : ""}`;
}

async function drawOdds() {
  const box = document.getElementById("odds");
  if (!S.snap.decision || S.travel) { box.hidden = true; return; }
  const version = S.snap.version;
  let tables = [];
  try { tables = (await api(`${base}/odds${q()}`)).odds; } catch (err) { tables = []; }
  if (version !== S.snap.version) return;
  if (!tables.length) { box.hidden = true; return; }
  for (const t of tables) {  // beside its choice: the average and the chance of at least one
    if (t.choice === null || t.mean === null) continue;
    const button = document.querySelector(`#answer-area button[data-n="${t.choice}"]`);
    if (!button || button.querySelector(".odds")) continue;
    button.querySelector("span:not(.n)").append(el("span", { class: "odds", "data-role": "option-odds",
      text: `average ${t.mean.toFixed(2)} · at least 1: ${(t.some * 100).toFixed(0)}%` }));
  }
  const body = document.getElementById("odds-body");
  body.replaceChildren(...tables.map((t, i) => el("table", {},
    el("caption", { text: oddsCaption(t, i) }),
    el("tbody", {}, t.rows.map((r) => el("tr", {}, el("td", { text: r.outcome }), el("td", { text: `${(r.chance * 100).toFixed(1)}%` }),
      el("td", { style: "width:50%" }, el("span", { class: "bar", style: `width:${(r.chance * 100).toFixed(1)}%` }))))))));
  box.hidden = false;
}

// -- the log, why, time travel ------------------------------------------------------------------------

function eventItem(e, fresh) {
  const li = el("li", { "data-seq": e.seq, class: `${e.kind === "answer" ? "answer" : ""}${fresh ? " fresh" : ""}` },
    el("span", { class: "seq", text: `#${e.seq}` }), e.rule ? el("span", { class: "rule", text: `[${e.rule}] ` }) : null, e.text);
  li.addEventListener("click", () => explain(e.seq, li));
  return li;
}

async function explain(seq, li) {
  const open = li.querySelector(".why");
  if (open) { open.remove(); return; }
  let chain;
  try { chain = (await api(`${base}/why/${seq}${q()}`)).chain; } catch (err) { chain = [{ seq, text: err.message, rule: "" }]; }
  const box = el("div", { class: "why" }, chain.slice(1).map((c) => el("div", {}, "because ", el("span", { class: "seq", text: `#${c.seq} ` }), c.rule ? `[${c.rule}] ` : "", c.text)));
  if (chain.length <= 1) box.append("(no earlier cause was recorded)");
  li.append(box);
}

function drawLog(fresh) {
  const list = document.getElementById("events");
  if (fresh.reset) list.replaceChildren();
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  for (const e of fresh.events) list.append(eventItem(e, !fresh.reset));
  setTimeout(() => { for (const li of list.querySelectorAll(".fresh")) li.classList.remove("fresh"); }, 2500);
  if (atBottom || fresh.reset) list.scrollTop = list.scrollHeight;
}

async function travelTo(n) {
  const total = S.snap.answers;
  if (n >= total) { backToNow(); return; }
  let past;
  try { past = await api(`${base}/at/${n}${q()}`); } catch (err) { document.getElementById("moment-text").textContent = err.message; return; }
  S.travel = { ...S.snap, presentation: past.presentation, decision: null };
  board().classList.add("travel");
  showPicture(past.presentation);
  document.getElementById("moment-text").textContent = `after ${n} of ${total} answers (round ${past.round}${past.phase ? `, ${past.phase}` : ""}) — read-only`;
  document.getElementById("now").hidden = false;
  const list = document.getElementById("events");
  list.replaceChildren(...past.events.map((e) => eventItem(e, false)));
  list.scrollTop = list.scrollHeight;
  drawDecision();
  document.getElementById("odds").hidden = true;
}

function backToNow() {
  S.travel = null;
  S.drawn = "";
  board().classList.remove("travel");
  document.getElementById("now").hidden = true;
  document.getElementById("moment-text").textContent = "";
  S.logLength = 0;
  S.epoch = null;
  refresh();
}

// -- the whole page ---------------------------------------------------------------------------------------

function setState(word) {
  const game = document.getElementById("game");
  game.setAttribute("data-game-state", word === "stopped" ? "finished" : word);
  if (S.snap) game.dataset.version = `${S.snap.version}`;
  const status = document.getElementById("status");
  status.className = `status ${word}`;
  status.textContent = { waiting: "your move", thinking: "thinking…", finished: "game over", stopped: "stopped" }[word] || word;
}

function drawPanels(presentation) {
  const box = document.getElementById("panels");
  box.replaceChildren(...(presentation.panels || []).map(([title, text]) => el("section", { class: "card panel" }, el("h3", { text: title }), el("pre", { text }))));
  document.getElementById("brief-text").textContent = presentation.brief || "";
  const legend = document.getElementById("legend");
  const drawn = svgRoot() && svgRoot().querySelector("[data-role=legend]");
  legend.hidden = Boolean(drawn);  // the picture has its own key: do not say it twice
  legend.replaceChildren(...(presentation.legend || []).map((item) => el("span", { title: item.help || null },
    el("span", { class: `sw ${item.mark}`, style: `background:${item.mark === "ring" ? "transparent" : item.colour};${item.mark === "ring" ? `border:2px solid ${item.colour}` : ""}` }), item.label)));
}

function drawResult(snap) {
  const box = document.getElementById("result");
  if (!snap.result) { box.hidden = true; return; }
  const lines = Object.entries(snap.result.outcomes).map(([seat, outcome]) => `${seat}: ${outcome}`);
  box.replaceChildren(el("p", { text: snap.result.line }), el("p", { class: "small", text: lines.join(" · ") }));
  box.hidden = false;
}

function curtain(snap) {
  // hot-seat at one page: hide the table when the seat to play changes, so one player does not see another's hand
  const humans = snap.seats.filter((s) => s.human).length;
  const veil = document.getElementById("curtain");
  if (snap.access !== "table" || humans < 2 || snap.result) { veil.hidden = true; S.lastViewer = snap.viewer; return; }
  if (S.lastViewer !== undefined && S.lastViewer !== snap.viewer) {
    document.getElementById("curtain-text").textContent = `Pass the screen to ${snap.viewer}.`;
    veil.hidden = false;
    document.getElementById("curtain-go").textContent = `I am ${snap.viewer}: show my view`;
    document.getElementById("curtain-go").focus();
  }
  S.lastViewer = snap.viewer;
}

async function refresh() {
  if (S.closed) return;
  if (S.refreshing) { S.again = true; return; }
  S.refreshing = true;
  try {
    do {
      S.again = false;
      const epoch = S.epoch === null ? "" : `&epoch=${S.epoch}`;
      const snap = await api(`${base}/state${q(`&after=${S.logLength}${epoch}`)}`);
      S.snap = snap;
      S.logLength = snap.log_length;
      S.epoch = snap.epoch;
      if (!S.glossary) api(`${base}/glossary`).then((g) => { S.glossary = g.glossary; }).catch(() => {});
      render(snap);
    } while (S.again);
  } catch (err) {
    const box = document.getElementById("error");
    box.textContent = err.message;
    box.hidden = false;
    if (err.status === 403 || err.status === 404) setState("stopped");
  } finally {
    S.refreshing = false;
  }
}

function render(snap) {
  document.title = `${snap.title}: ${snap.id}`;
  document.getElementById("title").textContent = snap.title;
  const seat = snap.access === "spectator" ? "watching" : snap.viewer ? `as ${snap.viewer}` : "watching everything";
  document.getElementById("where").textContent = `round ${snap.round}${snap.phase ? `, ${snap.phase}` : ""} · ${seat}`;
  const error = document.getElementById("error");
  error.hidden = !snap.error;
  error.textContent = snap.error || "";
  drawLog(snap);
  const moment = document.getElementById("moment");
  moment.max = String(snap.answers);
  const same = S.drawn === `${snap.version}:${snap.state}`;  // nothing moved: keep what the player is typing
  S.drawn = `${snap.version}:${snap.state}`;
  if (!S.travel && !same) {
    moment.value = String(snap.answers);
    showPicture(snap.presentation);
    drawPanels(snap.presentation);
    drawDecision();
    drawOdds();
    if (S.selected) showPiece(S.selected);
  }
  drawResult(snap);
  setState(snap.state);
  curtain(snap);
  document.getElementById("links-button").hidden = snap.access !== "table";
  for (const id of ["undo", "save", "resign", "close"]) document.getElementById(id).disabled = snap.access === "spectator" || (id !== "save" && id !== "close" && Boolean(snap.result));
}

function listen() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let ws;
  try { ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}${q()}`); } catch (err) { setTimeout(listen, 2000); return; }
  ws.addEventListener("message", (event) => {
    let msg = {};
    try { msg = JSON.parse(event.data); } catch (err) { return; }
    if (msg.version !== S.version) { S.version = msg.version; refresh(); }
  });
  ws.addEventListener("close", () => { if (!S.closed) setTimeout(listen, 1500); });
}

async function control(what) {
  const note = document.getElementById("control-note");
  note.textContent = "";
  try {
    if (what === "resign") {
      if (!confirm("Give the game up? It counts as a loss.")) return;
      await api(`${base}/resign`, { key });
    } else if (what === "close") {
      const said = await api(`${base}/close`, { key });
      note.textContent = `put away in ${said.save}; carry on here from the saved games, or in a terminal: ${said.resume}`;
      S.closed = true;
      setState("finished");
      return;
    } else {
      const said = await api(`${base}/${what}`, { key });
      note.textContent = what === "save" ? `saved to ${said.save}` : said.said || "";
    }
  } catch (err) {
    note.textContent = err.message;
  }
  refresh();
}

async function showLinks() {
  let made;
  try { made = await api(`${base}/open`, {}); } catch (err) { return; }
  const abs = (path) => `${location.origin}${path}`;
  const rows = [el("p", { text: "This page plays every human seat (hot-seat). To play apart, give each player their own link: it shows only that seat's view." })];
  for (const [seat, link] of Object.entries(made.seats)) rows.push(el("p", {}, el("b", { text: `${seat}: ` }), el("code", { text: abs(link) })));
  rows.push(el("p", {}, el("b", { text: "spectators: " }), el("code", { text: abs(made.spectator) })));
  document.getElementById("dialog-body").replaceChildren(...rows);
  document.getElementById("dialog").showModal();
}

function showHelp() {
  document.getElementById("dialog-body").replaceChildren(
    el("h3", { text: "Playing here" }),
    el("p", { text: "Pick a choice with its button, or type its number and press Enter (Tab moves between buttons). Forms take their values in the fields; a spot on the table can be clicked (and dragged to turn)." }),
    el("p", { text: "Hover or tap a piece for its profile and keywords; click it to see what it can do now and to pick out the choices that concern it." }),
    el("p", { text: "tape (m): drag between two pieces or points to read the distance the rules use. + / − / 0: zoom, fit. u: undo. The slider shows the table after any earlier answer." }),
    el("p", { text: "Click an event in the log to see why it happened." }),
    glossaryFinder());
  document.getElementById("dialog").showModal();
}

/** The ruleset's glossary, searchable: every rule, keyword and status explained. */
function glossaryFinder() {
  const terms = Object.entries(S.glossary || {});
  if (!terms.length) return el("p", { class: "muted", text: "This ruleset has no glossary." });
  const list = el("dl", { id: "glossary-list" });
  const input = el("input", { type: "search", id: "glossary-search", placeholder: `search ${terms.length} terms of ${S.snap.title}`,
    "aria-label": "search the glossary" });
  const draw = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    const found = terms.filter(([k, v]) => words.every((w) => `${k} ${v}`.toLowerCase().includes(w))).slice(0, 60);
    list.replaceChildren(...found.map(([k, v]) => [el("dt", {}, el("b", { text: k })), el("dd", { text: v })]).flat());
  };
  input.addEventListener("input", draw);
  draw();
  return el("section", {}, el("h3", { text: "Terms" }), input, list);
}

function onKey(event) {
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if (document.getElementById("dialog").open) return;
  const k = event.key;
  if (k === "+" || k === "=") zoom(1 / 1.3);
  else if (k === "-") zoom(1.3);
  else if (k === "0" && !S.typed) S.full && setView([...S.full]);
  else if (k === "m") toggleTape();
  else if (k === "u") control("undo");
  else if (k === "?") showHelp();
  else if (/^[0-9]$/.test(k)) {
    S.typed += k;
    const buttons = [...document.querySelectorAll("#answer-area button[data-n]")];
    const n = parseInt(S.typed, 10);
    const longer = buttons.some((b) => b.dataset.n.startsWith(S.typed) && b.dataset.n !== S.typed);
    const hit = buttons.find((b) => b.dataset.n === String(n));
    if (hit) hit.focus();
    if (hit && !longer) { S.typed = ""; hit.click(); }
    event.preventDefault();
  } else if (k === "Enter" && S.typed) {
    const hit = document.querySelector(`#answer-area button[data-n="${parseInt(S.typed, 10)}"]`);
    S.typed = "";
    if (hit) { hit.click(); event.preventDefault(); }
  } else if (k === "Escape") {
    S.typed = "";
    S.selected = null;
    clearMarks();
    filterOptions(null);
  }
}

function main() {
  setupBoard();
  document.getElementById("moment").addEventListener("change", (e) => travelTo(parseInt(e.target.value, 10)));
  document.getElementById("now").addEventListener("click", backToNow);
  for (const id of ["undo", "save", "resign", "close"]) document.getElementById(id).addEventListener("click", () => control(id));
  document.getElementById("links-button").addEventListener("click", showLinks);
  document.getElementById("help-button").addEventListener("click", showHelp);
  document.getElementById("curtain-go").addEventListener("click", () => { document.getElementById("curtain").hidden = true; });
  document.addEventListener("keydown", onKey);
  refresh().then(listen);
  setInterval(() => { if (!S.travel && document.visibilityState === "visible") refresh(); }, 15000);
}

main();
