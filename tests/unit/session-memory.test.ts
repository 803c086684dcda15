/**
 * Who a session token names, remembered for seconds so a signed-in cache hit asks the platform nothing (ADR 099): each
 * token gets only its own viewer, a change of gates is seen at once after the person's own write through the server
 * and within the memory's time after one made elsewhere, and an answer asked before a write is never kept.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SESSION_MEMORY_MS, sessionMemory } from "@server/render-cache.server";
import { viewerClassOf } from "~/pipeline/viewer-class";
import type { SessionUser } from "@contracts/gate";

/** The platform's sessions: token → the person it names (changed by the tests as the platform would change them). */
let platform: Record<string, SessionUser>;
let asked: string[];
let clock: number;

const ask = async (token: string) => {
  asked.push(token);
  return platform[token] ? { ...platform[token] } : null;
};

beforeEach(() => {
  clock = 1_000;
  asked = [];
  platform = {
    "ann-token": { id: 1, userName: "13800000001", isBindPhone: false, authorCode: null, isVip: false },
    "bo-token": { id: 2, userName: "13800000002", isBindPhone: true, authorCode: "A2", isVip: true },
  };
});

describe("sessionMemory", () => {
  it("answers each token with its own person and never another token's", async () => {
    const memory = sessionMemory({ now: () => clock, ask });
    expect((await memory.viewerOf("ann-token"))?.id).toBe(1);
    expect((await memory.viewerOf("bo-token"))?.id).toBe(2);
    expect((await memory.viewerOf("ann-token"))?.id).toBe(1);
    expect((await memory.viewerOf("bo-token"))?.id).toBe(2);
    // A token that differs from a remembered one by a character, or is its prefix, is asked about, not matched.
    expect(await memory.viewerOf("ann-tokem")).toBeNull();
    expect(await memory.viewerOf("ann")).toBeNull();
    expect(asked).toEqual(["ann-token", "bo-token", "ann-tokem", "ann"]);
  });

  it("asks once for a burst of one person's requests and not again within the memory's time", async () => {
    const memory = sessionMemory({ now: () => clock, ask });
    const answers = await Promise.all([memory.viewerOf("ann-token"), memory.viewerOf("ann-token"), memory.viewerOf("ann-token")]);
    expect(answers.map((viewer) => viewer?.id)).toEqual([1, 1, 1]);
    clock += SESSION_MEMORY_MS - 1;
    await memory.viewerOf("ann-token");
    expect(asked).toEqual(["ann-token"]);
  });

  it("sees a gate changed elsewhere (VIP bought, paid by a payment's notice) once the memory's time has passed", async () => {
    const memory = sessionMemory({ now: () => clock, ask });
    const before = viewerClassOf(await memory.viewerOf("ann-token"));
    platform["ann-token"].isVip = true;
    clock += SESSION_MEMORY_MS - 1;
    expect(viewerClassOf(await memory.viewerOf("ann-token"))).toBe(before);
    clock += 2;
    const after = viewerClassOf(await memory.viewerOf("ann-token"));
    expect(after).not.toBe(before);
    expect(after).toBe(viewerClassOf(platform["ann-token"]));
  });

  it("keeps no one a token does not name, nor a failed question", async () => {
    let failing = true;
    const memory = sessionMemory({
      now: () => clock,
      ask: async (token) => {
        asked.push(token);
        if (failing) throw new Error("platform unreachable");
        return platform[token] ?? null;
      },
    });
    await expect(memory.viewerOf("ann-token")).rejects.toThrow("platform unreachable");
    failing = false;
    expect((await memory.viewerOf("ann-token"))?.id).toBe(1);
    expect(await memory.viewerOf("nobody")).toBeNull();
    expect(await memory.viewerOf("nobody")).toBeNull();
    expect(asked).toEqual(["ann-token", "ann-token", "nobody", "nobody"]);
  });

  it("does not keep an answer asked before the token was forgotten", async () => {
    let release: (viewer: SessionUser) => void = () => {};
    const memory = sessionMemory({
      now: () => clock,
      ask: (token) => {
        asked.push(token);
        return asked.length === 1 ? new Promise<SessionUser>((resolve) => (release = resolve)) : Promise.resolve({ ...platform[token] });
      },
    });
    const before = memory.viewerOf("ann-token");
    memory.forget("ann-token");
    platform["ann-token"].isBindPhone = true;
    release({ ...platform["ann-token"], isBindPhone: false });
    expect((await before)?.isBindPhone).toBe(false);
    expect((await memory.viewerOf("ann-token"))?.isBindPhone).toBe(true);
    expect(asked).toEqual(["ann-token", "ann-token"]);
  });
  it("keeps a person's answer while someone else's token is forgotten meanwhile", async () => {
    let release: (viewer: SessionUser) => void = () => {};
    const memory = sessionMemory({
      now: () => clock,
      ask: (token) => {
        asked.push(token);
        return asked.length === 1 ? new Promise<SessionUser>((resolve) => (release = resolve)) : Promise.resolve({ ...platform[token] });
      },
    });
    const pending = memory.viewerOf("ann-token");
    memory.forget("bo-token");
    release({ ...platform["ann-token"] });
    expect((await pending)?.id).toBe(1);
    expect((await memory.viewerOf("ann-token"))?.id).toBe(1);
    expect(asked).toEqual(["ann-token"]);
  });
});

describe("sessionMemory's forgetting on writes, on a real express app", () => {
  let server: Server;
  let base: string;
  let memory = sessionMemory({ now: () => clock, ask });

  beforeEach(() => {
    memory = sessionMemory({ now: () => clock, ask });
  });

  beforeAll(async () => {
    const app = express();
    app.use((request, response, next) => memory.forgetOnWrites(request, response, next));
    // Binding a phone as the platform does it: a write under the person's token.
    app.post("/api/bind-phone", (request, response) => {
      const token = /token=([\w-]+)/.exec(request.headers.cookie ?? "")?.[1] ?? String(request.headers.token);
      platform[token].isBindPhone = true;
      response.status(200).json({ code: 200 });
    });
    app.get("/api/read", (_request, response) => void response.status(200).json({ code: 200 }));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sees the person's own gate change at once, and keeps every other token's memory", async () => {
    expect((await memory.viewerOf("ann-token"))?.isBindPhone).toBe(false);
    await memory.viewerOf("bo-token");
    await fetch(`${base}/api/read`, { headers: { cookie: "token=ann-token" } });
    expect((await memory.viewerOf("ann-token"))?.isBindPhone).toBe(false);
    expect(asked).toEqual(["ann-token", "bo-token"]);

    await fetch(`${base}/api/bind-phone`, { method: "POST", headers: { cookie: "lang=en; token=ann-token" } });
    const after = await memory.viewerOf("ann-token");
    expect(after?.isBindPhone).toBe(true);
    expect(viewerClassOf(after)).toBe(viewerClassOf(platform["ann-token"]));
    await memory.viewerOf("bo-token");
    expect(asked).toEqual(["ann-token", "bo-token", "ann-token"]);
  });

  it("forgets a token an API client sends in the token header", async () => {
    await memory.viewerOf("bo-token");
    platform["bo-token"].isBindPhone = false;
    await fetch(`${base}/api/bind-phone`, { method: "POST", headers: { token: "bo-token" } });
    expect((await memory.viewerOf("bo-token"))?.isBindPhone).toBe(true);
    expect(asked.filter((token) => token === "bo-token")).toHaveLength(2);
  });
});
