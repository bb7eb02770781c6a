import { Engine, total } from "./engine";

export function main(argv: string): number {
  const engine = new Engine();
  const line = engine.process(argv);
  return total([line]);
}
