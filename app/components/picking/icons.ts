// The pick list's icons that other screens use too, drawn from lucide's own icon data (lucide-react v1.75.0, ISC
// license: node_modules/lucide-react/LICENSE) with its createLucideIcon. Imported from lucide-react, each is a chunk of
// its own shared with other pages, about 0.3 KB gzipped apiece on the pick list's first load (the chunk's license
// header and import); here they travel in the pick list's own chunk for a few bytes each (issue 25). Same element,
// classes and attributes as lucide-react's icon of the same name.
import { createLucideIcon } from "lucide-react";

export const ArrowLeft = createLucideIcon({ name: "arrow-left", size: 24, node: [["path", { d: "m12 19-7-7 7-7", key: "1l729n" }], ["path", { d: "M19 12H5", key: "x3x0zl" }]] });
export const Camera = createLucideIcon({ name: "camera", size: 24, node: [["path", { d: "M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z", key: "18u6gg" }], ["circle", { cx: "12", cy: "13", r: "3", key: "1vg3eu" }]] });
export const Check = createLucideIcon({ name: "check", size: 24, node: [["path", { d: "M20 6 9 17l-5-5", key: "1gmf2c" }]] });
export const ChevronDown = createLucideIcon({ name: "chevron-down", size: 24, node: [["path", { d: "m6 9 6 6 6-6", key: "qrunsl" }]] });
export const ChevronUp = createLucideIcon({ name: "chevron-up", size: 24, node: [["path", { d: "m18 15-6-6-6 6", key: "153udz" }]] });
export const KeyRound = createLucideIcon({ name: "key-round", size: 24, node: [["path", { d: "M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z", key: "1s6t7t" }], ["circle", { cx: "16.5", cy: "7.5", r: ".5", fill: "currentColor", key: "w0ekpg" }]] });
export const RotateCcw = createLucideIcon({ name: "rotate-ccw", size: 24, node: [["path", { d: "M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8", key: "1357e3" }], ["path", { d: "M3 3v5h5", key: "1xhq8a" }]] });
export const Rows3 = createLucideIcon({ name: "rows-3", size: 24, node: [["rect", { width: "18", height: "18", x: "3", y: "3", rx: "2", key: "afitv7" }], ["path", { d: "M21 9H3", key: "1338ky" }], ["path", { d: "M21 15H3", key: "9uk58r" }]], aliases: ["panels-top-bottom"] });
export const ScanLine = createLucideIcon({ name: "scan-line", size: 24, node: [["path", { d: "M3 7V5a2 2 0 0 1 2-2h2", key: "aa7l1z" }], ["path", { d: "M17 3h2a2 2 0 0 1 2 2v2", key: "4qcy5o" }], ["path", { d: "M21 17v2a2 2 0 0 1-2 2h-2", key: "6vwrx8" }], ["path", { d: "M7 21H5a2 2 0 0 1-2-2v-2", key: "ioqczr" }], ["path", { d: "M7 12h10", key: "b7w52i" }]] });
export const WifiOff = createLucideIcon({ name: "wifi-off", size: 24, node: [["path", { d: "M12 20h.01", key: "zekei9" }], ["path", { d: "M8.5 16.429a5 5 0 0 1 7 0", key: "1bycff" }], ["path", { d: "M5 12.859a10 10 0 0 1 5.17-2.69", key: "1dl1wf" }], ["path", { d: "M19 12.859a10 10 0 0 0-2.007-1.523", key: "4k23kn" }], ["path", { d: "M2 8.82a15 15 0 0 1 4.177-2.643", key: "1grhjp" }], ["path", { d: "M22 8.82a15 15 0 0 0-11.288-3.764", key: "z3jwby" }], ["path", { d: "m2 2 20 20", key: "1ooewy" }]] });
export const X = createLucideIcon({ name: "x", size: 24, node: [["path", { d: "M18 6 6 18", key: "1bl5f8" }], ["path", { d: "m6 6 12 12", key: "d8bk6v" }]] });
