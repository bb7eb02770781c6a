"""The order engine."""

RETRIES = 3


class Engine:
    """Runs orders through the ledger."""

    def __init__(self, config):
        self.config = config

    def process(self, order):
        """Process one order."""
        return [line.strip() for line in order]

    def close(self):
        pass


class Ledger:
    def process(self, order):
        return order


def total(orders):
    return sum(len(o) for o in orders)
