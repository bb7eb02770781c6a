def close(self):
    pass
