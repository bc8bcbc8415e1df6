import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { USERNAME_RULES } from "../../../contracts/auth.ts";
import { CsvError, parseCsv } from "./csv.ts";
import { camperKey, usernameBase } from "./roster-rows.ts";

describe("the roster's CSV reader", () => {
  it("reads quotes, commas and line breaks inside quotes, CRLF, a BOM, and keeps each record's first line", () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\nlast,";"';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 4, fields: ["two\nlines", "z"] },
      { line: 6, fields: ["last", ";"] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow(new CsvError('A quoted value never ends: check its quotes (") from line 2'));
    expect(() => parseCsv('a,b\n"Zoë"x,D')).toThrow(/text after a closing quote on line 2/);
  });

  it("reads the separator the header uses: semicolons as many spreadsheets save, tabs as cells pasted from one", () => {
    expect(parseCsv("first_name;last_initial\r\nZoë;D\r\n\"Ann, Marie\";K")).toEqual([
      { line: 1, fields: ["first_name", "last_initial"] },
      { line: 2, fields: ["Zoë", "D"] },
      { line: 3, fields: ["Ann, Marie", "K"] },
    ]);
    expect(parseCsv("first_name\tlast_initial\nD'Angelo\tR\n")).toEqual([
      { line: 1, fields: ["first_name", "last_initial"] },
      { line: 2, fields: ["D'Angelo", "R"] },
    ]);
  });

  it("gives back any table it is given, written the way spreadsheets write CSV", () => {
    const cell = fc.string({ unit: "grapheme", maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const text = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\r\n");
        expect(parseCsv(text).map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});

describe("friendly usernames", () => {
  it("fold names to ASCII letters and always follow the username rules", () => {
    expect(usernameBase("Zoë", "D")).toBe("zoe.d");
    expect(usernameBase("D'Angelo", "R")).toBe("dangelo.r");
    expect(usernameBase("José", "É")).toBe("jose.e");
    expect(usernameBase("李", "W")).toBe("camper.w");
    expect(usernameBase("Al", "Ø")).toBe("al.camper");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }), (first, initial) => {
        const name = `${usernameBase(first, initial)}99`;
        expect(name.length).toBeGreaterThanOrEqual(USERNAME_RULES.min);
        expect(name.length).toBeLessThanOrEqual(USERNAME_RULES.max);
        expect(name).toMatch(USERNAME_RULES.pattern);
      }),
    );
  });

  it("match a camper whatever the letter case and accents", () => {
    const key = camperKey({ firstName: "Zoë", lastInitial: "D", cabin: "Pines", session: "July A" });
    expect(camperKey({ firstName: "ZOE", lastInitial: "d", cabin: "pines", session: "JULY A" })).toBe(key);
    expect(camperKey({ firstName: "Zoe", lastInitial: "D", cabin: "Cedars", session: "July A" })).not.toBe(key);
  });
});
