import type { Locator, Page } from '@playwright/test';
import path from 'node:path';
import { login } from './lib';

/**
 * What a person does in a back-office task, counted as the task benchmarks report it
 * (admin-content-task.ts, class-week-task.ts): clicks, keystrokes and time per step, with the work
 * that is not the person's (API calls standing in for the children) left off the clock.
 */
export class TaskCounter {
  clicks = 0;
  keys = 0;
  /** Fields that should have had the focus and did not (a click each). */
  readonly unfocused: string[] = [];
  /** Time spent on what is not the person's work, left out of the total. */
  offTask = 0;
  readonly steps: { step: string; clicks: number; keys: number; ms: number }[] = [];
  private mark = { clicks: 0, keys: 0, t: Date.now() };
  /** `shots`: a folder for a full-page picture after each step, or null. */
  constructor(
    private readonly page: Page,
    private readonly shots: string | null,
  ) {}

  async click(target: Locator) {
    this.clicks++;
    await target.click();
  }
  /** Typed text: one keystroke per character. */
  async type(text: string) {
    this.keys += [...text].length;
    await this.page.keyboard.type(text, { delay: 5 });
  }
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) {
      this.keys++;
      await this.page.keyboard.press(key);
    }
  }
  /** Click the field, type into it. */
  async fill(target: Locator, text: string) {
    await this.click(target);
    await this.type(text);
  }
  /**
   * Type into a field the app (or the Tab just pressed) should have focused; when it has not, the
   * person clicks it first, and that click is counted.
   */
  async into(target: Locator, text: string, replace = false) {
    await target.waitFor();
    const focused = await target.evaluate((el) => el === document.activeElement);
    if (!focused) {
      this.unfocused.push(String(target));
      await this.click(target);
    }
    if (replace) await this.press('ControlOrMeta+a');
    await this.type(text);
  }
  /** A searchable picker: click, type a few letters, pick the option (a click). */
  async pick(box: Locator, typed: string, option: string | RegExp) {
    await this.click(box);
    await this.type(typed);
    await this.click(this.page.getByRole('option', { name: option }).first());
  }
  /** A select: open it, click the option (`exact`: the option's whole name). */
  async select(box: Locator, option: string | RegExp, exact = false) {
    await this.click(box);
    await this.click(this.page.getByRole('option', { name: option, exact }).first());
  }
  /** The file dialog: a click opens it (counted), choosing the file is one more click. */
  async chooseFile(opener: Locator, file: string) {
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), this.click(opener)]);
    await chooser.setFiles(file);
    this.clicks++;
  }
  async step(name: string) {
    const now = { clicks: this.clicks, keys: this.keys, t: Date.now() };
    this.steps.push({ step: name, clicks: now.clicks - this.mark.clicks, keys: now.keys - this.mark.keys, ms: now.t - this.mark.t });
    this.mark = now;
    if (this.shots) await this.page.screenshot({ path: path.join(this.shots, `${this.steps.length}-${name.replace(/\W+/g, '-')}.png`), fullPage: true });
  }
  /** Something that is not the person's work: its time is not counted. */
  async offTheClock(work: () => Promise<void>) {
    const t = Date.now();
    await work();
    const spent = Date.now() - t;
    this.offTask += spent;
    this.mark.t += spent;
  }
}

/** The back office opened as `email` (signing in is not part of a task): the session stored as the login screen stores it. */
export async function openAdminAs(page: Page, base: string, email: string) {
  const s = await login(base, email);
  await page.goto('/errorPage');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('userRole', String((u as { rol?: string }).rol ?? 'usuario'));
      localStorage.setItem('userId', String((u as { id: number }).id));
    },
    [s.token, s.usuario] as const,
  );
  await page.goto('/admin/inicio');
  await page.getByRole('main').waitFor();
}
