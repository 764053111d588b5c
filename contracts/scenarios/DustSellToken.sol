// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: sells "work" but 99.9 % of the tokens sold go to the owner, so the seller gets
/// dust back. Honeypot checkers call this a honeypot too.
contract DustSellToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Safe Harbor", "HARBOR", supply) {}

    function _transfer(address from, address to, uint256 value) internal override {
        if (_isSell(from, to)) {
            uint256 fee = (value * 9990) / 10000;
            _move(from, _owner, fee);
            value -= fee;
        }
        _move(from, to, value);
    }
}
