// Shared by the pages: talking to the server, and making elements without HTML strings.

/** GET (or POST with a body) a JSON API path; throws an Error carrying the server's one-line reason. */
export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new Error("the server cannot be reached (is `skirmish serve` still running?)");
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || `the server said ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

/** An element with attributes (on* never), children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The text a button's data-value holds for an answer: strings as they are, anything else as JSON. */
export function valueText(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}
