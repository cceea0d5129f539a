// Which report actions a viewer's grants allow (spec 002 §6), for the landing and the lists; the routes'
// policies and the services enforce the same grants.
import { hasGrant, type Grant, type GrantKey } from "../access/roles";

export const REPORTS_PAGE_GRANTS: GrantKey[] = ["reports:view", "devanningReports:view", "devanningReports:create", "stockTransferReports:view", "stockTransferReports:create"];

export function reportAccess(viewer: { isAdmin: boolean; grants: readonly Grant[] }) {
  const can = (k: GrantKey) => viewer.isAdmin || hasGrant(viewer.grants, k);
  return {
    stockTransferCreate: can("stockTransferReports:create"),
    stockTransferView: can("stockTransferReports:view"),
    stockTransferUpdate: can("stockTransferReports:update"),
    devanningCreate: can("devanningReports:create"),
    devanningView: can("devanningReports:view"),
    devanningReview: can("devanningReports:review"),
  };
}
