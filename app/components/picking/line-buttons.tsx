// A pick line's actions: In Full, Short and Unselect; compact rows show In Full as a tick with the quantity
// and Unselect as an icon only once the line is set. They wait while another picker holds the line.
import { Check, RotateCcw } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { PickLine } from "~/domain/picking/lines";
import type { LineActions } from "./line-row";

export function LineButtons({ line, actions, compact, held }: { line: PickLine; actions: LineActions; compact: boolean; held: boolean }) {
  const isSet = line.status !== "Pending" || line.pickState !== "unset" || line.pickedQty > 0;
  if (compact) {
    return (
      <>
        <Button
          size="md"
          variant={line.pickState === "full" ? "primary" : "outline"}
          className="min-h-11 gap-1 px-2 text-sm whitespace-nowrap"
          aria-pressed={line.pickState === "full"}
          aria-label={`In Full (${line.quantity})`}
          disabled={held}
          onClick={() => actions.inFull(line)}
        >
          <Check className="size-4" aria-hidden="true" />
          {line.quantity}
        </Button>
        <Button
          size="md"
          variant={line.pickState === "short" ? "primary" : "outline"}
          className="min-h-11 px-2 text-sm whitespace-nowrap"
          aria-pressed={line.pickState === "short"}
          disabled={held}
          onClick={() => actions.short(line)}
        >
          Short
        </Button>
        {isSet ? (
          <Button size="icon" variant="ghost" className="ring-1 ring-slate-200" aria-label="Unselect" title="Unselect" disabled={held} onClick={() => actions.unselect(line)}>
            <RotateCcw className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <>
      <Button
        size="md"
        variant={line.pickState === "full" ? "primary" : "outline"}
        className="whitespace-nowrap px-1 text-sm"
        aria-pressed={line.pickState === "full"}
        disabled={held}
        onClick={() => actions.inFull(line)}
      >
        In Full ({line.quantity})
      </Button>
      <Button
        size="md"
        variant={line.pickState === "short" ? "primary" : "outline"}
        className="whitespace-nowrap px-1 text-sm"
        aria-pressed={line.pickState === "short"}
        disabled={held}
        onClick={() => actions.short(line)}
      >
        Short
      </Button>
      <Button size="md" variant="ghost" className="whitespace-nowrap px-1 text-sm ring-1 ring-slate-200" disabled={held} onClick={() => actions.unselect(line)}>
        Unselect
      </Button>
    </>
  );
}
