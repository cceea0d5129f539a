// The report forms' mobile layout (768 px) follows the one width hook.
export { useMaxWidth } from "~/lib/use-max-width";
