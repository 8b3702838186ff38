// The queries of a check the assistant proposed (app/steps.py, RunView._ask_check), closed
// under "Show the queries": the card says in words what the check ranks and what it found,
// and a person who reads SQL opens them with one click. React writes the text as text, so a
// query never becomes markup. Chainlit injects `props`.
export default function CheckQueries() {
  const queries = props.queries || [];
  return (
    <details data-check-queries className="w-full rounded-md border px-3 py-2 text-sm">
      <summary className="cursor-pointer select-none font-medium">
        {props.summary || "Show the queries"}
      </summary>
      {queries.map((q) => (
        <div key={q.title} className="mt-3 flex flex-col gap-1">
          <p className="text-xs text-muted-foreground">{q.title}</p>
          <pre className="overflow-x-auto whitespace-pre rounded-md bg-muted p-2 text-xs">
            <code>{q.query}</code>
          </pre>
        </div>
      ))}
    </details>
  );
}
