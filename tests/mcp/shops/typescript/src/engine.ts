/** Runs orders. */
export class Engine {
  /** Process one order. */
  process(order: string): string {
    return order.trim();
  }
}

export function total(orders: string[]): number {
  return orders.reduce((n, o) => n + o.length, 0);
}
