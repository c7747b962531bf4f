"""Makes a valid spec with 2^k payload combinations for the scaling benchmark: the built-in
spec's texts and dimensions, with payload keys beyond the built-in three that change nothing."""
import copy, itertools, json

def make(base, k):
    """Either form of spec: `setups` and `setup`, or the field-tested `initAPIs` and `api`."""
    spec = copy.deepcopy(base)
    setups, setup = ("setups", "setup") if "setups" in spec else ("initAPIs", "api")
    keys = [p["id"] for p in spec["payloadKeys"]][:k]
    spec["payloadKeys"] = spec["payloadKeys"][:k]
    for i in range(len(keys), k):
        key = f"extra{i}"
        keys.append(key)
        spec["payloadKeys"].append({"id": key, "name": {"en": key, "ja": key}, "apns": {"key": key, "presentWhen": ["one"]}})
    original = {(json.dumps({k2: c["payload"].get(k2, False) for k2 in ["alert", "contentAvailable", "category"]}, sort_keys=True), c[setup], c["appState"]): c
                for c in base["cells"]}
    cells = []
    for flags in itertools.product([True, False], repeat=k):
        payload = dict(zip(keys, flags))
        known = {k2: payload.get(k2, False) for k2 in ["alert", "contentAvailable", "category"]}
        for one in [a["id"] for a in spec[setups]]:
            for state in [s["id"] for s in spec["appStates"]]:
                cell = copy.deepcopy(original[(json.dumps(known, sort_keys=True), one, state)])
                cell["payload"] = payload
                cells.append(cell)
    spec["cells"] = cells
    spec["designCases"] = [d for d in spec["designCases"] if all(key in keys for key in d["cell"]["payload"])]
    for d in spec["designCases"]:
        d["cell"]["payload"] = {key: d["cell"]["payload"].get(key, False) for key in keys}
    return spec
