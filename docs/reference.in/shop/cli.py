from shop.engine import Engine as E, Ledger


def main(argv):
    engine = E({"retries": 1})
    engine.process(argv)
    Ledger().process(argv)
    return engine
