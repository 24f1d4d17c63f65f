// The table's sounds, synthesised with the Web Audio API: nothing to download but this file,
// nothing from another host. ui/platform/dom.py loads it the first time a sound is wanted
// (the player's sound switch is on) and calls MoonshotSound.play(name).
//
//   place      a token, tile or card put down (every move that is not a launch)
//   liftoff    a rocket leaves the pad          dice      a d8 rolled against a risk
//   explosion  a rocket lost                    landing   a Mission accomplished
//   delay      a launch delayed
//
// Browsers start audio only after a gesture on the page; a sound asked for before one is
// silently dropped (the context stays suspended), never queued up to burst out later.
(() => {
  'use strict';
  let ctx = null;
  let master = null;
  let noise = null;
  const lastAt = {};  // by name: when it last sounded (an instant AI's moves make one click)

  function ready() {
    if (!ctx) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return false;
      ctx = new Context();
      master = ctx.createGain();
      master.gain.value = 0.3;
      master.connect(ctx.destination);
      noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);  // one second of hiss
      const data = noise.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    return ctx.state !== 'closed';
  }

  // A gain that rises to `peak` in `attack` s and dies away exponentially by `end` s.
  function envelope(at, peak, attack, end) {
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(peak, at + attack);
    g.gain.exponentialRampToValueAtTime(0.0001, at + end);
    g.connect(master);
    return g;
  }

  function tone(type, at, from, to, peak, end) {
    const o = ctx.createOscillator();
    o.type = type;
    o.frequency.setValueAtTime(from, at);
    o.frequency.exponentialRampToValueAtTime(to, at + end);
    o.connect(envelope(at, peak, 0.005, end));
    o.start(at);
    o.stop(at + end + 0.05);
  }

  // Filtered hiss: `kind` a BiquadFilter type, its frequency swept `from` -> `to`.
  function hiss(kind, at, from, to, peak, attack, end) {
    const src = ctx.createBufferSource();
    src.buffer = noise;
    src.loop = true;
    const f = ctx.createBiquadFilter();
    f.type = kind;
    f.frequency.setValueAtTime(from, at);
    f.frequency.exponentialRampToValueAtTime(to, at + end);
    src.connect(f);
    f.connect(envelope(at, peak, attack, end));
    src.start(at);
    src.stop(at + end + 0.05);
  }

  const SOUNDS = {
    place(t) {
      hiss('bandpass', t, 2400, 1800, 0.5, 0.002, 0.04);
      tone('triangle', t, 520, 380, 0.35, 0.09);
    },
    dice(t) {
      for (let i = 0; i < 6; i++) {  // the die rattles, slowing, then lands
        const at = t + i * 0.045 + i * i * 0.006;
        hiss('bandpass', at, 3000 - i * 250, 2200 - i * 200, 0.5, 0.002, 0.03);
      }
      tone('sine', t + 0.36, 180, 90, 0.6, 0.12);
    },
    liftoff(t) {
      hiss('lowpass', t, 180, 2200, 0.9, 0.5, 1.6);
      tone('sine', t, 70, 40, 0.6, 1.6);
    },
    explosion(t) {
      hiss('lowpass', t, 2600, 90, 1.0, 0.01, 1.4);
      tone('sine', t, 90, 30, 0.9, 1.0);
    },
    landing(t) {
      [523.25, 659.25, 783.99, 1046.5].forEach((hz, i) =>
        tone('triangle', t + i * 0.12, hz, hz, 0.4, 0.35));
    },
    delay(t) {
      tone('square', t, 330, 320, 0.12, 0.16);
      tone('square', t + 0.2, 247, 240, 0.12, 0.22);
    },
  };

  let played = 0;

  function start(name) {
    const now = ctx.currentTime;
    if (lastAt[name] !== undefined && now - lastAt[name] < 0.06) return false;
    lastAt[name] = now;
    SOUNDS[name](now + 0.01);
    played += 1;
    return true;
  }

  function play(name) {
    if (!SOUNDS[name] || !ready()) return false;
    if (ctx.state === 'running') return start(name);
    // suspended: allowed to resume only by a gesture; a sound late by more than a moment
    // (the resume waited for a later click) is dropped
    const asked = performance.now();
    ctx.resume().then(() => { if (performance.now() - asked < 250) start(name); });
    return false;
  }

  window.MoonshotSound = {
    play,
    names: Object.keys(SOUNDS),
    // what is sounding: the context's state ('running' once a gesture allowed it) and how
    // many sounds were started (read by e2e/test_sound.py, shown nowhere)
    state: () => ({ context: ctx ? ctx.state : 'none', played }),
  };
})();
