from shop.engine import Engine, total


def main(argv):
    engine = Engine()
    lines = engine.process(argv)
    return total([lines])
