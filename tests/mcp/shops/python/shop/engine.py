class Engine:
    """Runs orders."""

    def process(self, order):
        """Process one order."""
        return [line.strip() for line in order]


def total(orders):
    return sum(len(o) for o in orders)
