// The phone's page (issue 27): the view the Pi sends, drawn whole each time; the language chosen here is kept
// in localStorage and sent to the Pi, which puts every text in it. Text is set with textContent only.
"use strict";

const token = location.pathname.split("/").filter(Boolean).pop();
const LANGS = ["ar", "en", "be"];
// The language chosen on this phone before; else one the link asks for (?lang=ar); else the browser's own.
let lang = localStorage.getItem("lang");
if (!LANGS.includes(lang)) lang = new URLSearchParams(location.search).get("lang");
if (!LANGS.includes(lang)) lang = (navigator.language || "en").slice(0, 2);
if (!LANGS.includes(lang)) lang = "en";
let socket = null;
let view = null;
let retry = 500;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function rows(list) {
  const table = el("dl");
  for (const row of list) {
    table.append(el("dt", row.label), el("dd", row.value));
  }
  return table;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function showRule(cite) {
  const dialog = document.getElementById("rule");
  dialog.querySelector("h2").textContent = cite.title;
  dialog.querySelector("p").textContent = cite.text;
  dialog.showModal();
}

function draw(v) {
  view = v;
  document.documentElement.lang = v.lang;
  document.documentElement.dir = v.dir;
  document.title = v.title;
  document.getElementById("seat").textContent = v.title;
  const card = document.getElementById("card");
  card.replaceChildren();
  if (v.card) {
    card.append(el("h2", v.card.title), rows(v.card.rows));
    const states = el("ul", undefined, "states");
    for (const state of v.card.states) states.append(el("li", state));
    card.append(states);
  } else {
    card.append(el("h2", v.seat.name));  // a spectator: no card, only who is watching
  }
  const odds = document.getElementById("odds");
  odds.replaceChildren();
  if (v.odds) odds.append(rows(v.odds));
  const prompt = document.getElementById("prompt");
  prompt.replaceChildren();
  if (v.prompt) {
    prompt.append(el("h2", v.prompt.title), el("p", v.prompt.text));
    const choices = el("div", undefined, "choices");
    for (const choice of v.prompt.choices) {
      const button = el("button", choice.label);
      button.type = "button";
      button.dataset.choice = choice.id;
      button.disabled = !choice.enabled;
      button.addEventListener("click", () => send({type: "choose", seq: v.seq, choice: choice.id}));
      choices.append(button);
    }
    prompt.append(choices);
  }
  const rulings = document.getElementById("rulings");
  rulings.replaceChildren();
  for (const ruling of v.rulings) {
    const item = el("p", ruling.text, "ruling");
    if (ruling.cite) {
      const link = el("button", ruling.cite.title, "cite");
      link.type = "button";
      link.addEventListener("click", () => showRule(ruling.cite));
      item.append(" ", link);
    }
    rulings.append(item);
  }
}

function notice(text) {
  const node = document.getElementById("notice");
  node.textContent = text;
  node.hidden = !text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${token}?lang=${lang}`);
  socket.addEventListener("open", () => { retry = 500; send({type: "hello", lang}); });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") { notice(""); draw(message.view); }
    else if (message.type === "refused") notice(message.message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 1008) return;  // the token was revoked: nothing to come back to
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const picker = document.getElementById("lang");
  picker.value = lang;
  picker.addEventListener("change", () => {
    lang = picker.value;
    localStorage.setItem("lang", lang);
    send({type: "lang", lang});
  });
  document.getElementById("close").addEventListener("click", () => document.getElementById("rule").close());
  connect();
});
