// A signature pad on signature_pad (spec 001 §9: 240 px high on desktop, 200 on a phone, pen 2.5, PNG). The
// canvas follows its box's width and the screen's density; Clear empties it. Reused by the delivery wizard.
// Without a pointer (a keyboard, a switch, a screen reader), the signer types their name and signs with it:
// the name is drawn on the pad in a handwriting face, and the PNG is the same kind as a drawn one. Where the form
// already has the signer's name (the delivery's receiver), that name is used rather than asked for again.
import { Eraser } from "lucide-react";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import type SignaturePadLib from "signature_pad";
import { loadSignaturePad } from "~/components/browser-only.client";
import { Button } from "~/components/ui/button";
import { SIGNATURE_PAD } from "~/domain/documents/signature";

export type SignaturePadHandle = {
  isEmpty: () => boolean;
  /** The signature as a PNG data URL, or null when nothing is drawn. */
  toDataUrl: () => string | null;
  /** The signature as a PNG file for multipart uploads, or null when nothing is drawn. */
  toFile: (name?: string) => Promise<File | null>;
  clear: () => void;
};

type Props = {
  label: string;
  isPhone: boolean;
  onChange?: (empty: boolean) => void;
  disabled?: boolean;
  /**
   * The signer's name when the form already asks for it (the wizard's receiver name, issue 24): typing to sign
   * then uses that name instead of asking for it a second time. Undefined: the pad asks for the name itself.
   */
  signerName?: string;
};

export const SignaturePad = forwardRef<SignaturePadHandle, Props>(function SignaturePad({ label, isPhone, onChange, disabled, signerName }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const [empty, setEmpty] = useState(true);
  const [typed, setTyped] = useState("");
  const height = isPhone ? SIGNATURE_PAD.heightPhone : SIGNATURE_PAD.heightDesktop;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let cancelled = false;
    let instance: SignaturePadLib | null = null;
    const el = canvas.current;
    if (!el) return;
    const resize = () => {
      // Resizing a canvas wipes it: keep the strokes and redraw them at the new size.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = instance?.toData() ?? [];
      el.width = el.offsetWidth * ratio;
      el.height = height * ratio;
      el.getContext("2d")?.scale(ratio, ratio);
      instance?.clear();
      if (data.length) instance?.fromData(data);
    };
    void loadSignaturePad().then(({ default: Pad }) => {
      if (cancelled) return;
      instance = new Pad(el, { minWidth: SIGNATURE_PAD.lineWidth * 0.6, maxWidth: SIGNATURE_PAD.lineWidth, penColor: "#0f172a", backgroundColor: "rgba(255,255,255,0)" });
      // A steady 2.5 px line, as the spec's pad draws.
      instance.dotSize = SIGNATURE_PAD.lineWidth;
      instance.addEventListener("endStroke", () => {
        setEmpty(instance!.isEmpty());
        onChangeRef.current?.(instance!.isEmpty());
      });
      pad.current = instance;
      resize();
    });
    window.addEventListener("resize", resize);
    return () => {
      cancelled = true;
      window.removeEventListener("resize", resize);
      instance?.off();
      pad.current = null;
    };
  }, [height]);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled]);

  /** Draws the typed name on the pad (centred, fitted to its width) as the signature. */
  function signTyped() {
    const el = canvas.current;
    const name = (signerName ?? typed).trim();
    if (!el || !pad.current || !name) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = el.width / ratio;
    const off = document.createElement("canvas");
    off.width = el.width;
    off.height = el.height;
    const g = off.getContext("2d")!;
    g.scale(ratio, ratio);
    let size = Math.min(56, height * 0.45);
    g.font = `italic ${size}px "Segoe Script", "Bradley Hand", "Brush Script MT", cursive`;
    while (g.measureText(name).width > width - 32 && size > 14) {
      size -= 2;
      g.font = `italic ${size}px "Segoe Script", "Bradley Hand", "Brush Script MT", cursive`;
    }
    g.fillStyle = "#0f172a";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(name, width / 2, height / 2);
    void pad.current.fromDataURL(off.toDataURL("image/png"), { ratio, width, height }).then(() => {
      setEmpty(false);
      onChangeRef.current?.(false);
    });
  }

  function clear() {
    pad.current?.clear();
    setEmpty(true);
    onChangeRef.current?.(true);
  }

  useImperativeHandle(ref, () => ({
    isEmpty: () => !pad.current || pad.current.isEmpty(),
    toDataUrl: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL(SIGNATURE_PAD.type) : null),
    toFile: async (name = "signature.png") => {
      if (!pad.current || pad.current.isEmpty()) return null;
      // Decoded here: the page's CSP lets the browser fetch from our origin only, not data: URLs.
      const base64 = pad.current.toDataURL(SIGNATURE_PAD.type).split(",")[1] ?? "";
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return new File([bytes], name, { type: SIGNATURE_PAD.type });
    },
    clear,
  }));

  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-700">{label}</span>
        <Button variant="ghost" size="sm" onClick={clear} disabled={disabled || empty}>
          <Eraser className="size-4" aria-hidden="true" /> Clear
        </Button>
      </div>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label} pad${empty ? " (empty)" : " (signed)"}`}
        data-testid="signature-pad"
        className="block w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
        style={{ height }}
      />
      <p className="mt-1 text-xs text-slate-600">Sign inside the box with a finger, pen or mouse.</p>
      <details className="mt-1 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800 md:min-h-9">Can't draw? Type the name to sign</summary>
        {signerName !== undefined ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {signerName.trim() ? (
              <Button variant="outline" onClick={signTyped} disabled={disabled}>
                Sign as {signerName.trim()}
              </Button>
            ) : (
              <p className="text-slate-700">Enter the receiver name above, then sign with it here.</p>
            )}
          </div>
        ) : (
          <div className="mt-1 flex gap-2">
            <label className="sr-only" htmlFor={`${label}-typed`.replace(/\W+/g, "-")}>
              {`Name to sign the ${label.toLowerCase()} with`}
            </label>
            <input
              id={`${label}-typed`.replace(/\W+/g, "-")}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  signTyped();
                }
              }}
              maxLength={80}
              disabled={disabled}
              autoComplete="name"
              placeholder="Full name"
              className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base"
            />
            <Button variant="outline" onClick={signTyped} disabled={disabled || !typed.trim()}>
              Sign with this name
            </Button>
          </div>
        )}
      </details>
    </div>
  );
});
