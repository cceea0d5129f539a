// What a picker hears and feels for a scan or a refused change, without looking: a short high beep and a tap,
// or a low double buzz. One audio context per page, made on first need (browsers allow sound after a gesture).

let audio: AudioContext | null = null;

/** The page's one audio context, made on first need (a tap or a scan). */
export function prepareFeedback(): AudioContext | null {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    audio ??= Ctx ? new Ctx() : null;
  } catch {
    audio = null;
  }
  return audio;
}

/** A scan's answer: a short high beep, or a low double buzz. */
export function feedback(ok: boolean) {
  try {
    navigator.vibrate?.(ok ? 30 : [120, 60, 120]);
  } catch {
    // Vibration is a nicety (not on desktops, not in every browser).
  }
  try {
    const ctx = prepareFeedback();
    if (!ctx) return;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = ok ? "sine" : "square";
    osc.frequency.value = ok ? 1400 : 220;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    const t = ctx.currentTime;
    osc.start(t);
    osc.stop(t + (ok ? 0.08 : 0.3));
  } catch {
    // No audio output: the message and the vibration still tell.
  }
}
