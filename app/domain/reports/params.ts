// The report routes' path parameters: a report id is digits only (anything else is 404, as if absent).
import { z } from "zod";

export const reportIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,11}$/).transform(Number) });
export const photoKeyParams = z.object({ "*": z.string().min(1).max(300) });
