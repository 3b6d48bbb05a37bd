// The new game page: rulesets with their settings and seats, set-up files, and the saved games.
import { api, el } from "./common.js";

let rulesets = [];

function current() {
  return rulesets.find((r) => r.name === document.getElementById("ruleset").value);
}

function seatCount(rs) {
  const seatsOption = (rs.options || []).find((o) => o.seats);
  if (seatsOption) {
    const input = document.querySelector(`[data-option="${seatsOption.name}"]`);
    const n = parseInt(input && input.value, 10);
    if (n >= (seatsOption.low || 1) && n <= (seatsOption.high || 8)) return n;
  }
  return rs.players.length;
}

function drawSeats() {
  const rs = current();
  const box = document.getElementById("seats");
  box.replaceChildren(el("legend", { text: "Seats" }));
  if (!rs || rs.error) return;
  const n = seatCount(rs);
  for (let i = 0; i < n; i += 1) {
    const name = rs.players[i] || `seat ${i + 1}`;
    const select = el("select", { "data-seat": i, "aria-label": `who plays ${name}` });
    for (const agent of ["human", ...rs.agents.filter((a) => a !== "human")]) {
      const help = rs.agent_help[agent] || "";
      select.append(el("option", { value: agent, title: help, text: agent === "human" ? "human (you, here)" : `${agent}: ${help}`.slice(0, 70) }));
    }
    select.value = i === 0 ? "human" : rs.default_opponent;
    box.append(el("label", {}, el("span", { text: name }), select));
  }
  box.append(el("p", { class: "muted small", text: "Several human seats: play hot-seat in one page, or send each player their own link (the game page lists them)." }));
}

function drawSettings() {
  const rs = current();
  const box = document.getElementById("settings");
  box.replaceChildren(el("legend", { text: "Its settings" }));
  const err = document.getElementById("ruleset-error");
  err.hidden = true;
  if (!rs) return;
  if (rs.error) { err.textContent = `this ruleset cannot be played: ${rs.error}`; err.hidden = false; return; }
  const usable = (rs.options || []).filter((o) => o.kind !== "path");
  if (!usable.length) box.append(el("p", { class: "muted small", text: "none: the ruleset's default set-up" }));
  for (const o of usable) {
    let input;
    if (o.kind === "choice") {
      input = el("select", { "data-option": o.name }, el("option", { value: "", text: "(default)" }),
        o.choices.map((c) => el("option", { value: c, text: c })));
    } else if (o.kind === "bool") {
      input = el("select", { "data-option": o.name }, el("option", { value: "", text: "(default)" }),
        el("option", { value: "yes", text: "yes" }), el("option", { value: "no", text: "no" }));
    } else if (o.kind === "int") {
      input = el("input", { type: "number", "data-option": o.name, min: o.low || null, max: o.high || null, placeholder: "default" });
    } else {
      input = el("input", { "data-option": o.name, placeholder: "default" });
    }
    if (o.seats) input.addEventListener("input", drawSeats);
    box.append(el("label", {}, el("span", { text: o.name }), input, el("span", { class: "help", text: o.help })));
  }
}

async function start(event) {
  event.preventDefault();
  const rs = current();
  const error = document.getElementById("form-error");
  error.hidden = true;
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) if (input.value !== "") options[input.dataset.option] = input.value;
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const body = { ruleset: rs.name, options, seats, seed: document.getElementById("seed").value.trim() || null,
    setup_file: document.getElementById("setup").value || null };
  const button = document.getElementById("start");
  button.disabled = true;
  try {
    const made = await api("/api/games", body);
    location.href = made.table;
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    button.disabled = false;
  }
}

async function drawSaves() {
  const body = document.querySelector("#saves tbody");
  let saves = [];
  try { saves = (await api("/api/saves")).saves; } catch (err) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "error", text: err.message })));
    return;
  }
  if (!saves.length) { body.replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "muted", text: "none yet" }))); return; }
  body.replaceChildren(...saves.map((s) => {
    const open = el("button", { type: "button", "data-open": s.id, text: s.finished ? "look" : "resume" });
    open.addEventListener("click", async () => {
      try { location.href = (await api(`/api/games/${encodeURIComponent(s.id)}/open`, {})).table; } catch (err) { alert(err.message); }
    });
    const seats = Object.entries(s.seats).map(([p, a]) => `${p} (${a})`).join(", ");
    return el("tr", {}, el("td", { text: s.id }), el("td", { text: s.ruleset + (s.finished ? " (over)" : "") }),
      el("td", { text: s.answers }), el("td", { class: "small", text: seats }), el("td", {}, open));
  }));
}

async function main() {
  const data = await api("/api/rulesets");
  rulesets = data.rulesets;
  const select = document.getElementById("ruleset");
  for (const r of rulesets) select.append(el("option", { value: r.name, text: r.title === r.name ? r.name : `${r.title} (${r.name})` }));
  const wanted = new URLSearchParams(location.search).get("ruleset");
  if (wanted && rulesets.some((r) => r.name === wanted)) select.value = wanted;
  select.addEventListener("change", () => { drawSettings(); drawSeats(); });
  const setup = document.getElementById("setup");
  for (const name of data.setups) setup.append(el("option", { value: name, text: name }));
  drawSettings();
  drawSeats();
  document.getElementById("new-form").addEventListener("submit", start);
  drawSaves();
}

main().catch((err) => { document.getElementById("form-error").textContent = err.message; document.getElementById("form-error").hidden = false; });
