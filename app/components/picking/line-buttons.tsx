// A pick line's actions with the spec's texts (002 §2): 'In Full (qty)', 'Short' and 'Unselect' (an icon may sit
// beside a text, never replace it); compact rows offer Unselect once the line is set. They wait while another
// picker holds the line; a holder whose phone has gone quiet gives way to 'Take over' (after a prompt).
import { UserRoundCheck } from "lucide-react";
import { Check, RotateCcw } from "./icons";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { PickLine } from "~/domain/picking/lines";
import type { LineActions } from "./line-row";

export function LineButtons({ line, actions, compact, held, quiet = false }: { line: PickLine; actions: LineActions; compact: boolean; held: boolean; quiet?: boolean }) {
  const isSet = line.status !== "Pending" || line.pickState !== "unset" || line.pickedQty > 0;
  const size = compact ? "min-h-11 px-2.5 text-sm whitespace-nowrap" : "whitespace-nowrap px-1 text-sm";
  if (held && quiet && actions.takeOver) {
    return (
      <Button size="md" variant="primary" className={cn(size, "gap-1", !compact && "col-span-3")} onClick={() => actions.takeOver?.(line)}>
        <UserRoundCheck className="size-4" aria-hidden="true" />
        Take over
      </Button>
    );
  }
  return (
    <>
      <Button
        size="md"
        variant={line.pickState === "full" ? "primary" : "outline"}
        className={cn(size, "gap-1")}
        aria-pressed={line.pickState === "full"}
        disabled={held}
        onClick={() => actions.inFull(line)}
      >
        {compact ? <Check className="size-4" aria-hidden="true" /> : null}
        In Full ({line.quantity})
      </Button>
      <Button size="md" variant={line.pickState === "short" ? "primary" : "outline"} className={size} aria-pressed={line.pickState === "short"} disabled={held} onClick={() => actions.short(line)}>
        Short
      </Button>
      {!compact || isSet ? (
        <Button size="md" variant="ghost" className={cn(size, "gap-1 ring-1 ring-slate-200")} disabled={held} onClick={() => actions.unselect(line)}>
          {compact ? <RotateCcw className="size-4" aria-hidden="true" /> : null}
          Unselect
        </Button>
      ) : null}
    </>
  );
}
