// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: a honeypot. Buys work; every sell to the pair reverts with a generic message,
/// except the owner's, who alone can cash out.
contract HoneypotToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Moon Rocket", "MOONR", supply) {}

    function _transfer(address from, address to, uint256 value) internal override {
        if (_isSell(from, to)) revert("TRANSFER_FAILED");
        _move(from, to, value);
    }
}
