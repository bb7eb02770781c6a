def process(self, order, *, strict=False):
    """Process one order; `strict` refuses empty lines."""
    lines = [line.strip() for line in order]
    if strict and not all(lines):
        raise ValueError("empty line")
    return lines
