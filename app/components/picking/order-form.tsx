// The picking screen's order box: type or paste an order number and Load it (the URL follows, so a reload
// opens the same order).
import { useState } from "react";
import { Button } from "~/components/ui/button";

export function OrderForm({ initial, loading, onLoad }: { initial: string; loading: boolean; onLoad(orderNumber: string): void }) {
  const [orderInput, setOrderInput] = useState(initial);
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const n = orderInput.trim();
        if (n) onLoad(n);
      }}
    >
      <label htmlFor="pick-order" className="sr-only">
        Order number
      </label>
      <input
        id="pick-order"
        value={orderInput}
        onChange={(e) => setOrderInput(e.target.value)}
        placeholder="Order number (e.g. SO-100002)"
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base"
      />
      <Button type="submit" disabled={loading}>
        {loading ? "Loading…" : "Load"}
      </Button>
    </form>
  );
}
