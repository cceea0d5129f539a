// Marks a picklist passcode session (email prefix 'picklist+') so a shared phone shows whose access it is.
import { KeyRound } from "lucide-react";
import { Badge } from "~/components/ui/badge";

export function PasscodeBadge() {
  return (
    <Badge tone="amber" className="gap-1 py-1 sm:text-sm">
      <KeyRound className="hidden size-4 sm:block" aria-hidden="true" />
      Passcode Session
    </Badge>
  );
}
