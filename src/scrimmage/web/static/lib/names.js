// Short team names for narrow columns, as the server's score line makes them:
// "2016 Atlanta Falcons" -> "Falcons"; a name that is short already stays whole.

const YEAR = /^\d{4}\s+/;
const SHORT = 14;

/** [away, home] in the first form that still tells the two teams apart. */
export function shortNames(away, home) {
  const longOk = [away, home].every((n) => String(n).replace(YEAR, "").length <= SHORT);
  const nickname = (n) => {
    const rest = String(n).replace(YEAR, "");
    return longOk ? rest : rest.split(/\s+/).pop();
  };
  const dated = (n) => {
    const year = String(n).match(YEAR);
    return (year ? year[0] : "") + String(n).split(/\s+/).pop();
  };
  for (const form of [nickname, dated]) {
    const a = form(away);
    const h = form(home);
    if (a !== h) return [a, h];
  }
  return [away, home];
}
