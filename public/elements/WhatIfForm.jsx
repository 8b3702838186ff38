// The what-if form (app/web.py, ChatSession.what_if_form): one field per parameter of the
// dataset's simulator, with its meaning and the values it may take. "Rank every decision"
// sends the values to the app (action `whatif_run`), which checks them and answers with the
// ranking and a chart. Chainlit injects `props` and `callAction`.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const FIELD = "h-9 w-full rounded-md border bg-background px-3 text-sm";

export default function WhatIfForm() {
  const params = props.params || [];
  const [values, setValues] = useState(() => {
    const start = {};
    params.forEach((p) => { start[p.name] = p.initial ?? ""; });
    return start;
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  const set = (name) => (event) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
  };
  const missing = params
    .filter((p) => p.required && !String(values[p.name] ?? "").trim())
    .map((p) => p.label || p.name);

  const run = async () => {
    setBusy(true);
    setProblem("");
    try {
      await callAction({ name: "whatif_run", payload: { dataset: props.dataset, values } });
    } catch (error) {
      setProblem(`The app did not take the form: ${error}`);
    } finally {
      setBusy(false);
    }
  };

  const control = (p) => {
    const id = `whatif-${props.form}-${p.name}`;
    if (p.kind === "choice") {
      return (
        <select id={id} className={FIELD} value={values[p.name]} onChange={set(p.name)}>
          {p.required ? null : <option value="">(default)</option>}
          {p.choices.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      );
    }
    if (p.kind === "number" || p.kind === "integer") {
      return (
        <Input id={id} type="number" step={p.kind === "integer" ? 1 : "any"}
               min={p.min ?? undefined} max={p.max ?? undefined}
               value={values[p.name]} onChange={set(p.name)} />
      );
    }
    const list = p.suggestions.length ? `${id}-values` : undefined;
    return (
      <>
        <Input id={id} list={list} value={values[p.name]} onChange={set(p.name)}
               placeholder={p.required ? "" : "empty: derived by the simulator"} />
        {list ? (
          <datalist id={list}>
            {p.suggestions.map((v) => <option key={v} value={v} />)}
          </datalist>
        ) : null}
      </>
    );
  };

  return (
    <div data-whatif-form={props.form} className="flex flex-col gap-3 rounded-md border p-4 w-full">
      {params.map((p) => (
        <div key={p.name} className="flex flex-col gap-1">
          <label htmlFor={`whatif-${props.form}-${p.name}`} className="text-sm font-medium">
            {p.label ?? p.name}{p.required ? "" : " (optional)"}
          </label>
          {control(p)}
          <p className="text-xs text-muted-foreground">{p.help}</p>
        </div>
      ))}
      <div className="flex gap-3 items-end">
        <Button onClick={run} disabled={busy || missing.length > 0}>
          {busy ? "Ranking…" : "Rank every decision"}
        </Button>
        {missing.length ? (
          <p className="text-xs text-muted-foreground">Fill in: {missing.join(", ")}</p>
        ) : null}
      </div>
      {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
    </div>
  );
}
